import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { CAPTCHA_CHECK_DELAY_MS } from '@/config/constants';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { checkCaptcha, submitForm, type SubmissionValues } from '../api/forms';
import type { PhoneValue, ReadyForm } from '../api/forms';
import type { FormCaptcha, FormField } from '@/lib/api/types';
import { fieldError, type FieldValue, type FormMessageCode } from '../utils/validate';
import { CaptchaPicture } from '@/components/ui/captcha-picture';
import { ServerFieldControl } from './server-field-control';
import styles from './server-form.module.css';

/** Codes the form sends besides its fields (spec §3 "Known codes"). */
const USER_CONSENT = 'USER_CONSENT';
const CAPTCHA_WORD = 'CAPTCHA_WORD';

/** Props of {@link ServerForm}. */
export interface ServerFormProps {
  /** The form as `GET /api/forms/{code}` answered it. */
  form: ReadyForm;
  /** Shows the form's title as a heading of this level (a page); leave out where the panel's title names it. */
  headingLevel?: 2 | 3;
}

function initialValues(form: ReadyForm): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of form.fields) {
    const prefill = form.values[field.code] ?? field.value ?? '';
    if (field.type === 'phone' && form.phoneMask) {
      values[field.code] = {
        COUNTRY: { iso2: form.country, dialCode: '', name: '' },
        VALUE: prefill,
        FULL_VALUE: prefill,
      } satisfies PhoneValue;
    } else if (field.type === 'checkbox') {
      values[field.code] = prefill === 'Y' ? 'Y' : 'N';
    } else {
      values[field.code] = prefill;
    }
  }
  return values;
}

type Errors = Record<string, FormMessageCode | null>;

/**
 * A form described by the server (issue 5; spec §3 "Feedback form", §4, §5, §8), rendered from any definition:
 * text, e-mail, phone (intl-tel-input with the country mask when `phoneMask` is on), textarea, checkbox, hidden,
 * and the masked number, percentage, currency and date fields; the consent checkbox and the captcha when the form
 * uses them.
 *
 * - Each field is checked when it loses focus and all are checked on submit (spec §5 rules, the server's codes);
 *   an invalid field gets `aria-invalid` and its message under it with `role="alert"`. Changing the phone's
 *   country resets the phone's check.
 * - The captcha word is checked with the server {@link CAPTCHA_CHECK_DELAY_MS} (1000 ms) after the last keystroke.
 * - Submitting sends every field by code, `SOURCE_URL` (this page), `USER_CONSENT`, `USER_CONSENT_URL`,
 *   `CAPTCHA_SID` and `CAPTCHA_WORD`. Success removes the form and shows the success alert (the form's text or
 *   FORMS_ALERT_SUCCESS); failure shows FORMS_ALERT_ERROR and keeps what was typed; the server's field errors land
 *   on their fields; a new captcha in the reply replaces the picture and clears the word (spec §8).
 */
export function ServerForm({ form, headingLevel }: ServerFormProps) {
  const { t } = useTranslation();
  const prefix = `form-${form.code}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [values, setValues] = useState<Record<string, FieldValue>>(() => initialValues(form));
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const [errors, setErrors] = useState<Errors>({});
  const [consent, setConsent] = useState(false);
  const [captcha, setCaptcha] = useState<FormCaptcha | null>(form.captcha);
  const [pictureVersion, setPictureVersion] = useState(0);
  const [word, setWord] = useState('');
  const [captchaValid, setCaptchaValid] = useState<boolean | null>(null);
  const [phase, setPhase] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [failure, setFailure] = useState<string | null>(null);
  const successRef = useRef<HTMLDivElement | null>(null);

  const setError = (code: string, error: FormMessageCode | null) =>
    setErrors((current) => (current[code] === error ? current : { ...current, [code]: error }));

  // The captcha word is checked remotely once typing has paused (spec §5, §9); not after the form was sent (that
  // submission used the captcha up).
  const sent = phase === 'sent';
  useEffect(() => {
    const typed = word.trim();
    if (!captcha || typed === '' || sent) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkCaptcha(form.code, captcha.sid, typed, controller.signal)
        .then((valid) => {
          setCaptchaValid(valid);
          setError(CAPTCHA_WORD, valid ? null : 'FORMS_CAPTCHA_WRONG');
        })
        .catch(() => {
          // A failed check proves nothing: the server checks the word again on submit.
        });
    }, CAPTCHA_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [word, captcha, pictureVersion, form.code, sent]);

  useEffect(() => {
    if (phase === 'sent') successRef.current?.focus();
  }, [phase]);

  const fieldId = (code: string) => `${prefix}-${code}`;

  const validateField = (field: FormField, value: FieldValue | undefined = valuesRef.current[field.code]) =>
    fieldError(field, value, form.phoneMask);

  const change = (field: FormField, value: FieldValue) => {
    setValues((current) => ({ ...current, [field.code]: value }));
    // A shown message goes as soon as the value is right; new messages wait for blur or submit.
    setErrors((current) => {
      if (!current[field.code]) return current;
      const error = validateField(field, value);
      return error === current[field.code] ? current : { ...current, [field.code]: error };
    });
  };

  // A press on the submit button blurs the field first: a message shown then would push the button down between
  // the press and the release, and the click would miss it (issue 20). While the button is pressed, blur shows
  // nothing; the submit that follows shows every message at once.
  const submitPressed = useRef(false);
  const blur = (field: FormField) => {
    if (!submitPressed.current) setError(field.code, validateField(field));
  };
  const releaseSubmit = () => {
    submitPressed.current = false;
  };

  const validateAll = (): Errors => {
    const next: Errors = {};
    for (const field of form.fields) next[field.code] = validateField(field);
    if (form.useConsent) next[USER_CONSENT] = consent ? null : 'FORMS_USER_CONSENT_NOT_EMPTY_INVALID';
    if (captcha) {
      next[CAPTCHA_WORD] =
        word.trim() === '' ? 'FORMS_NOT_EMPTY_INVALID' : captchaValid === false ? 'FORMS_CAPTCHA_WRONG' : null;
    }
    return next;
  };

  const focusField = (code: string) => {
    document.getElementById(fieldId(code))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== 'editing') return;
    const next = validateAll();
    setErrors(next);
    const firstInvalid = Object.keys(next).find((code) => next[code]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    const payload: SubmissionValues = { ...valuesRef.current, SOURCE_URL: window.location.href };
    if (form.useConsent) {
      payload[USER_CONSENT] = 'Y';
      if (form.consentUrl) payload.USER_CONSENT_URL = form.consentUrl;
    }
    if (captcha) {
      payload.CAPTCHA_SID = captcha.sid;
      payload[CAPTCHA_WORD] = word.trim();
    }
    setPhase('sending');
    setFailure(null);
    const result = await submitForm(form.code, payload);
    if (result.status) {
      setPhase('sent');
      return;
    }
    setPhase('editing');
    setFailure(result.reason ?? 'FORMS_ALERT_ERROR');
    const fromServer: Errors = {};
    for (const error of result.errors) {
      if (error.field) fromServer[error.field] = error.code as FormMessageCode;
    }
    if (result.captcha) {
      // The submission used the captcha up: the new one replaces it and the word starts over (spec §8).
      setCaptcha(result.captcha);
      setPictureVersion(0);
      setWord('');
      setCaptchaValid(null);
      if (fromServer[CAPTCHA_WORD] === undefined) fromServer[CAPTCHA_WORD] = null;
    }
    setErrors((current) => ({ ...current, ...fromServer }));
  };

  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  if (phase === 'sent') {
    return (
      <div ref={successRef} tabIndex={-1} className={styles.result}>
        <Alert variant="success">{form.successText ?? t('FORMS_ALERT_SUCCESS')}</Alert>
      </div>
    );
  }

  const message = (code: string): string | undefined => {
    const error = errors[code];
    return error ? t(error) : undefined;
  };

  return (
    <div className={styles.wrap}>
      {headingLevel ? <Heading className={styles.title}>{form.title}</Heading> : null}
      {form.description ? <p className={styles.description}>{form.description}</p> : null}
      {failure ? (
        <Alert variant="error">
          {t('FORMS_ALERT_ERROR')}
          {failure === 'RATE_LIMITED' ? <> {t('forms.rateLimited')}</> : null}
        </Alert>
      ) : null}
      <form className={styles.form} noValidate onSubmit={onSubmit} aria-busy={phase === 'sending'}>
        {form.fields.map((field) => {
          if (field.type === 'hidden') {
            const value = values[field.code];
            return <input key={field.code} type="hidden" name={field.code} value={typeof value === 'string' ? value : ''} />;
          }
          if (field.type === 'checkbox') {
            return (
              <Field
                key={field.code}
                id={fieldId(field.code)}
                layout="checkbox"
                label={field.label}
                required={field.required === 'Y'}
                error={message(field.code)}
                announceError
              >
                {(control) => (
                  <input
                    {...control}
                    name={field.code}
                    type="checkbox"
                    checked={values[field.code] === 'Y'}
                    aria-required={field.required === 'Y' || undefined}
                    onChange={(event) => change(field, event.target.checked ? 'Y' : 'N')}
                  />
                )}
              </Field>
            );
          }
          return (
            <Field
              key={field.code}
              id={fieldId(field.code)}
              label={field.label}
              required={field.required === 'Y'}
              error={message(field.code)}
              announceError
            >
              {(control) => (
                <ServerFieldControl
                  form={form}
                  field={field}
                  control={control}
                  value={values[field.code]}
                  onChange={(value) => change(field, value)}
                  onBlur={() => blur(field)}
                  onCountryChange={() => setError(field.code, null)}
                />
              )}
            </Field>
          );
        })}
        {captcha ? (
          <Field
            id={fieldId(CAPTCHA_WORD)}
            label={t('forms.captcha.label')}
            required
            error={message(CAPTCHA_WORD)}
            announceError
          >
            {(control) => (
              <>
                <CaptchaPicture
                  captcha={captcha}
                  version={pictureVersion}
                  onAnother={() => {
                    setPictureVersion((version) => version + 1);
                    setWord('');
                    setCaptchaValid(null);
                    setError(CAPTCHA_WORD, null);
                  }}
                />
                <input
                  {...control}
                  name={CAPTCHA_WORD}
                  type="text"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={16}
                  aria-required
                  value={word}
                  onChange={(event) => {
                    setWord(event.target.value);
                    setCaptchaValid(null);
                    setError(CAPTCHA_WORD, null);
                  }}
                />
              </>
            )}
          </Field>
        ) : null}
        {form.useConsent ? (
          <Field
            id={fieldId(USER_CONSENT)}
            layout="checkbox"
            label={form.consentText}
            required
            error={message(USER_CONSENT)}
            announceError
            after={
              form.consentUrl ? (
                <a className={styles.consentLink} href={form.consentUrl} target="_blank" rel="noopener">
                  {t('forms.consentLink')}
                </a>
              ) : null
            }
          >
            {(control) => (
              <input
                {...control}
                name={USER_CONSENT}
                type="checkbox"
                checked={consent}
                aria-required
                onChange={(event) => {
                  setConsent(event.target.checked);
                  if (event.target.checked) setError(USER_CONSENT, null);
                }}
              />
            )}
          </Field>
        ) : null}
        <button
          type="submit"
          className={`button ${styles.submit}`}
          disabled={phase === 'sending'}
          onPointerDown={() => {
            submitPressed.current = true;
            // A press that ends elsewhere (the pointer slid off) gives blur its messages back.
            window.addEventListener('pointerup', () => setTimeout(releaseSubmit), { once: true });
          }}
        >
          {phase === 'sending' ? t('forms.sending') : form.submitText}
        </button>
      </form>
    </div>
  );
}
