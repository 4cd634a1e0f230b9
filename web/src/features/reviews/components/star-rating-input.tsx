import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STAR_PATH } from '@/components/ui/rating-stars';
import { REVIEW_RATING_MAX } from '@/config/constants';
import styles from './star-rating-input.module.css';

/** Props of {@link StarRatingInput}. */
export interface StarRatingInputProps {
  /** The chosen stars, `null` while none. */
  value: number | null;
  onChange: (stars: number) => void;
  /** `name` of the radios. */
  name: string;
  /** Whether the group shows a message (`aria-invalid`). */
  invalid?: boolean;
  /** Id of the message describing the group. */
  describedBy?: string;
}

/**
 * The add-review form's stars (issue 8): a radio group named "Оценка" of five native radios, "1 звезда" … "5 звёзд",
 * drawn as stars (the radios are visually hidden, not removed, so Tab enters the group once and the arrow keys move
 * the choice as in any radio group). The stars up to the chosen one are filled; hovering previews a choice.
 */
export function StarRatingInput({ value, onChange, name, invalid = false, describedBy }: StarRatingInputProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const stars = Array.from({ length: REVIEW_RATING_MAX }, (_, index) => index + 1);
  return (
    <fieldset
      className={styles.group}
      role="radiogroup"
      aria-labelledby={legendId}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-required="true"
      data-field="rating"
    >
      <legend id={legendId} className={`form-label ${styles.legend}`}>
        {t('reviews.fields.rating')}
        <span className="form-required" aria-hidden="true">
          {' *'}
        </span>
      </legend>
      <div className={styles.stars}>
        {stars.map((n) => (
          <label key={n} className={styles.star} data-filled={(value !== null && n <= value) || undefined}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path className={styles.outline} d={STAR_PATH} />
              <path className={styles.fill} d={STAR_PATH} />
            </svg>
            <span className="visually-hidden">{t('reviews.stars', { count: n })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
