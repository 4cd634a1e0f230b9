import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { ADD_REVIEW_ID } from '@/config/paths';
import { REVIEW_TEXT_MAX_CHARS } from '@/config/constants';
import { ApiError } from '@/lib/api-client';
import { usePostReview } from '../api/post-review';
import type { ReviewStatus } from '@/lib/api/types';
import {
  REVIEW_FIELDS,
  reviewFieldCode,
  validateReview,
  type ReviewDraft,
  type ReviewErrors,
  type ReviewField,
} from '../utils/validate-review';
import { StarRatingInput } from './star-rating-input';
import styles from './add-review-form.module.css';

/** Messages about the whole form, as i18n keys. */
type FormErrorKey = 'reviews.errors.RATE_LIMITED' | 'reviews.errors.generic';

const EMPTY_DRAFT: ReviewDraft = { rating: null, name: '', text: '' };

/**
 * The add-review form `#add-review` (issue 8; focusable, so `/reviews/#add-review` focuses it): the stars ("Оценка", a radio group), the name and the text, sent with
 * "Отправить отзыв" to `POST /api/reviews`. Fields are checked on submit with the server's codes (a missing rating
 * `REVIEW_RATING_INVALID`, blank `FORMS_NOT_EMPTY_INVALID`, too long `FORMS_VALUE_TOO_LONG`), each message under its
 * field (`aria-invalid`, `role="alert"`) and focus on the first; the server's 422 errors land the same way, a 429
 * above the form. A sent review empties the form and says "Спасибо! Ваш отзыв опубликован." or, when it awaits
 * moderation, "Спасибо! Отзыв появится после проверки." (`role="status"`). Texts are sent trimmed.
 */
export function AddReviewForm() {
  const { t } = useTranslation();
  const id = useId();
  const formElement = useRef<HTMLFormElement | null>(null);
  const [draft, setDraft] = useState<ReviewDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [formError, setFormError] = useState<FormErrorKey | null>(null);
  const [sent, setSent] = useState<ReviewStatus | null>(null);
  const post = usePostReview();

  /** Moves focus to the first field with a message (the chosen star, or the first, for the rating). */
  const focusFirstInvalid = (found: ReviewErrors) => {
    const first = REVIEW_FIELDS.find((field) => found[field]);
    const form = formElement.current;
    if (!first || !form) return;
    const target =
      first === 'rating'
        ? (form.querySelector<HTMLInputElement>('[data-field="rating"] input:checked') ??
          form.querySelector<HTMLInputElement>('[data-field="rating"] input'))
        : form.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] textarea`);
    target?.focus();
  };

  const change = (field: ReviewField, value: ReviewDraft[ReviewField]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // A field's message goes once the shopper changes it; the next submit checks again.
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (post.isPending) return;
    const found = validateReview(draft);
    setErrors(found);
    setFormError(null);
    setSent(null);
    if (Object.keys(found).length > 0 || draft.rating === null) {
      focusFirstInvalid(found);
      return;
    }
    post.mutate(
      { rating: draft.rating, name: draft.name.trim(), text: draft.text.trim() },
      {
        onSuccess: (answer) => {
          setSent(answer.status === 'published' ? 'published' : 'pending');
          setDraft(EMPTY_DRAFT);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const fromServer: ReviewErrors = {};
            let unplaced = false;
            for (const item of error.errors) {
              const field = REVIEW_FIELDS.find((name) => name === item.field);
              if (!field) unplaced = true;
              else if (!fromServer[field]) fromServer[field] = reviewFieldCode(item.code);
            }
            setErrors(fromServer);
            setFormError(unplaced || Object.keys(fromServer).length === 0 ? 'reviews.errors.generic' : null);
            focusFirstInvalid(fromServer);
          } else if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
            setFormError('reviews.errors.RATE_LIMITED');
          } else {
            setFormError('reviews.errors.generic');
          }
        },
      },
    );
  };

  const fieldId = (field: ReviewField) => `${id}-${field}`;
  const message = (field: ReviewField) => (errors[field] ? t(errors[field]) : undefined);
  /** What the name and text controls share: name, required, value and change. */
  const controlProps = (field: 'name' | 'text') => ({
    name: field,
    required: true,
    value: draft[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

  return (
    <form
      ref={formElement}
      id={ADD_REVIEW_ID}
      tabIndex={-1}
      className={styles.form}
      aria-labelledby={`${id}-title`}
      aria-busy={post.isPending}
      noValidate
      onSubmit={onSubmit}
    >
      <h2 id={`${id}-title`} className={styles.formTitle}>
        {t('reviews.formTitle')}
      </h2>
      {sent && <Alert variant="success">{t(sent === 'published' ? 'reviews.published' : 'reviews.pending')}</Alert>}
      {formError && <Alert variant="error">{t(formError)}</Alert>}
      <Field
        id={fieldId('rating')}
        layout="radios"
        label={t('reviews.fields.rating')}
        required
        error={message('rating')}
        announceError
        data-field="rating"
      >
        {() => <StarRatingInput name="rating" value={draft.rating} onChange={(stars) => change('rating', stars)} />}
      </Field>
      <Field id={fieldId('name')} label={t('reviews.fields.name')} required error={message('name')} announceError data-field="name">
        {(control) => <input {...control} {...controlProps('name')} type="text" autoComplete="name" />}
      </Field>
      <Field
        id={fieldId('text')}
        label={t('reviews.fields.text')}
        required
        error={message('text')}
        announceError
        hint={t('reviews.textHint', { max: REVIEW_TEXT_MAX_CHARS })}
        data-field="text"
      >
        {(control) => <textarea {...control} {...controlProps('text')} rows={5} />}
      </Field>
      <button type="submit" className={`button ${styles.submit}`} disabled={post.isPending}>
        {post.isPending ? t('reviews.sending') : t('reviews.submit')}
      </button>
    </form>
  );
}
