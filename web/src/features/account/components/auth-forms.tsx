import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Alert } from '@/components/ui/alert';
import { CaptchaPicture } from '@/components/ui/captcha-picture';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { isEmailAddress } from '@/lib/validation';
import { PASSWORD_MIN_CHARS } from '@/config/constants';
import type { FormCaptcha } from '@/lib/api/types';
import { logIn, newLoginCaptcha, register, requestPasswordReset, useSessionMutation } from '../api/auth';
import { showLoginView } from '../hooks/login-panel';
import styles from './auth-forms.module.css';

/** Field messages of the account forms (the server's codes). */
export type AuthFieldCode =
  | 'FORMS_NOT_EMPTY_INVALID'
  | 'FORMS_EMAIL_INVALID'
  | 'FORMS_VALUE_TOO_LONG'
  | 'FORMS_VALUE_INVALID'
  | 'FORMS_PHONE_WRONG'
  | 'AUTH_PASSWORD_TOO_SHORT'
  | 'AUTH_PASSWORD_WRONG'
  | 'AUTH_EMAIL_TAKEN'
  | 'AUTH_CAPTCHA_REQUIRED'
  | 'FORMS_CAPTCHA_WRONG';

const FIELD_CODES: readonly AuthFieldCode[] = [
  'FORMS_NOT_EMPTY_INVALID',
  'FORMS_EMAIL_INVALID',
  'FORMS_VALUE_TOO_LONG',
  'FORMS_PHONE_WRONG',
  'AUTH_PASSWORD_TOO_SHORT',
  'AUTH_PASSWORD_WRONG',
  'AUTH_EMAIL_TAKEN',
  'AUTH_CAPTCHA_REQUIRED',
  'FORMS_CAPTCHA_WRONG',
];

/** Whether a refused log-in asks for the captcha (issue 34): the form shows one, and says so at its field. */
function asksForCaptcha(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'AUTH_CAPTCHA_REQUIRED' || error.code === 'FORMS_CAPTCHA_WRONG');
}

/** The server's errors of a failed account request by field (`FORMS_VALUE_INVALID` for codes the UI does not know). */
export function fieldErrorsOf(error: unknown): Record<string, AuthFieldCode> {
  const found: Record<string, AuthFieldCode> = {};
  if (error instanceof ApiError) {
    for (const item of error.errors) {
      if (item.field && !(item.field in found)) {
        found[item.field] = FIELD_CODES.find((code) => code === item.code) ?? 'FORMS_VALUE_INVALID';
      }
    }
  }
  return found;
}

/** The whole-form message of a failed account request, as an i18n key. */
export function formErrorOf(error: unknown): 'account.errors.AUTH_INVALID_CREDENTIALS' | 'account.errors.RATE_LIMITED' | 'account.errors.generic' {
  if (error instanceof ApiError && error.code === 'AUTH_INVALID_CREDENTIALS') return 'account.errors.AUTH_INVALID_CREDENTIALS';
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return 'account.errors.RATE_LIMITED';
  return 'account.errors.generic';
}

/** Props of one labelled input of the account forms. */
interface FieldProps {
  id: string;
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  error?: AuthFieldCode;
  required?: boolean;
  defaultValue?: string;
}

/** A labelled input of the account forms with its message ({@link Field}; no required mark, as the forms show none). */
export function AuthField({ id, name, label, type, autoComplete, error, required = true, defaultValue }: FieldProps) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label} error={error && t(`account.fieldErrors.${error}`, { min: PASSWORD_MIN_CHARS })}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required={required}
          defaultValue={defaultValue}
        />
      )}
    </Field>
  );
}

/** Text of a form field. */
function text(form: HTMLFormElement, name: string): string {
  return String(new FormData(form).get(name) ?? '').trim();
}

/** Focuses the first field of `form` marked invalid. */
function focusInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * The log-in form of the login panel (issue 7): e-mail, password, "Запомнить меня", "Войти"; "Забыли пароль?" and
 * "Регистрация" switch the panel's view. A refused log-in says so above the form (the same words for an unknown
 * e-mail and a wrong password; "try again in a few minutes" past the throttle). When the account has seen many failed
 * log-ins from anywhere, the server asks for the shop's captcha instead of refusing (issue 34): the form shows its
 * picture and a code field, focused with the reason, and sends the code with the next try; each try uses a captcha
 * up, so a refused one brings a new picture.
 */
export function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement | null>(null);
  const [errors, setErrors] = useState<Record<string, AuthFieldCode>>({});
  const [captcha, setCaptcha] = useState<FormCaptcha | null>(null);
  const [captchaVersion, setCaptchaVersion] = useState(0);
  /** The code field takes the focus once the new captcha is drawn (set when the server asked for it). */
  const focusCode = useRef(false);
  const mutation = useSessionMutation(logIn);

  useEffect(() => {
    if (!captcha || !focusCode.current) return;
    focusCode.current = false;
    formRef.current?.querySelector<HTMLInputElement>('input[name="captchaWord"]')?.focus();
  }, [captcha]);

  /** A new captcha for the next try; the code field shows `code` and takes the focus. */
  const askForCaptcha = (code: AuthFieldCode | undefined) => {
    void newLoginCaptcha()
      .then((next) => {
        setCaptcha(next);
        setCaptchaVersion(0);
        if (code) {
          setErrors({ captchaWord: code });
          focusCode.current = true;
        }
      })
      .catch(() => setCaptcha(null));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = text(form, 'email');
    const password = String(new FormData(form).get('password') ?? '');
    const captchaWord = text(form, 'captchaWord');
    const found: Record<string, AuthFieldCode> = {};
    if (!email) found.email = 'FORMS_NOT_EMPTY_INVALID';
    if (!password) found.password = 'FORMS_NOT_EMPTY_INVALID';
    if (captcha && !captchaWord) found.captchaWord = 'FORMS_NOT_EMPTY_INVALID';
    setErrors(found);
    if (Object.keys(found).length > 0) return focusInvalid(form);
    const remember = new FormData(form).get('remember') === 'on';
    const withCaptcha = captcha ? { captchaSid: captcha.sid, captchaWord } : {};
    mutation.mutate(
      { email, password, remember, ...withCaptcha },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (asksForCaptcha(error)) askForCaptcha(fieldErrorsOf(error).captchaWord);
          else if (captcha) askForCaptcha(undefined);
        },
      },
    );
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit} aria-busy={mutation.isPending}>
      {mutation.isError && !asksForCaptcha(mutation.error) && <Alert variant="error">{t(formErrorOf(mutation.error))}</Alert>}
      <AuthField id={`${id}-email`} name="email" label={t('account.fields.email')} type="email" autoComplete="username" error={errors.email} />
      <AuthField
        id={`${id}-password`}
        name="password"
        label={t('account.fields.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      {captcha && (
        <div className={styles.captcha}>
          <CaptchaPicture captcha={captcha} version={captchaVersion} onAnother={() => setCaptchaVersion((v) => v + 1)} />
          <AuthField
            key={captcha.sid}
            id={`${id}-captcha`}
            name="captchaWord"
            label={t('forms.captcha.label')}
            type="text"
            autoComplete="off"
            error={errors.captchaWord}
          />
        </div>
      )}
      <label className="checkbox-field">
        <input type="checkbox" name="remember" defaultChecked />
        {t('account.remember')}
      </label>
      <button type="submit" className="button" disabled={mutation.isPending}>
        {t('account.logIn')}
      </button>
      <div className={styles.links}>
        <button type="button" className={styles.link} onClick={() => showLoginView('reset')}>
          {t('account.forgot')}
        </button>
        <button type="button" className={styles.link} onClick={() => showLoginView('register')}>
          {t('account.toRegister')}
        </button>
      </div>
    </form>
  );
}

/** The registration form of the login panel: name, e-mail, password; registering logs in. */
export function RegisterForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [errors, setErrors] = useState<Record<string, AuthFieldCode>>({});
  const mutation = useSessionMutation(register);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = { name: text(form, 'name'), email: text(form, 'email'), password: String(new FormData(form).get('password') ?? '') };
    const found: Record<string, AuthFieldCode> = {};
    if (!input.name) found.name = 'FORMS_NOT_EMPTY_INVALID';
    if (!input.email) found.email = 'FORMS_NOT_EMPTY_INVALID';
    else if (!isEmailAddress(input.email)) found.email = 'FORMS_EMAIL_INVALID';
    if (!input.password) found.password = 'FORMS_NOT_EMPTY_INVALID';
    else if (input.password.length < PASSWORD_MIN_CHARS) found.password = 'AUTH_PASSWORD_TOO_SHORT';
    setErrors(found);
    if (Object.keys(found).length > 0) return focusInvalid(form);
    mutation.mutate(input, {
      onSuccess: onDone,
      onError: (error) => {
        const fromServer = fieldErrorsOf(error);
        setErrors(fromServer);
        focusInvalid(form);
      },
    });
  };
  const formError = mutation.isError && Object.keys(fieldErrorsOf(mutation.error)).length === 0;

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-busy={mutation.isPending}>
      {formError && <Alert variant="error">{t(formErrorOf(mutation.error))}</Alert>}
      <AuthField id={`${id}-name`} name="name" label={t('account.fields.name')} type="text" autoComplete="name" error={errors.name} />
      <AuthField id={`${id}-email`} name="email" label={t('account.fields.email')} type="email" autoComplete="email" error={errors.email} />
      <AuthField
        id={`${id}-password`}
        name="password"
        label={t('account.fields.newPassword', { min: PASSWORD_MIN_CHARS })}
        type="password"
        autoComplete="new-password"
        error={errors.password}
      />
      <button type="submit" className="button" disabled={mutation.isPending}>
        {t('account.register')}
      </button>
      <div className={styles.links}>
        <button type="button" className={styles.link} onClick={() => showLoginView('login')}>
          {t('account.toLogIn')}
        </button>
      </div>
    </form>
  );
}

/** The password-reset request of the login panel: the e-mail; the answer never says whether it has an account. */
export function ResetRequestForm() {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<AuthFieldCode | undefined>();
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = text(form, 'email');
    const found = !email ? 'FORMS_NOT_EMPTY_INVALID' : !isEmailAddress(email) ? 'FORMS_EMAIL_INVALID' : undefined;
    setError(found);
    if (found) return focusInvalid(form);
    mutation.mutate(email);
  };

  if (mutation.isSuccess) {
    return (
      <div className={styles.form}>
        <Alert variant="success">{t('account.resetSent')}</Alert>
        <button type="button" className={styles.link} onClick={() => showLoginView('login')}>
          {t('account.toLogIn')}
        </button>
      </div>
    );
  }
  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-busy={mutation.isPending}>
      <p className={styles.note}>{t('account.resetNote')}</p>
      {mutation.isError && <Alert variant="error">{t(formErrorOf(mutation.error))}</Alert>}
      <AuthField id={`${id}-email`} name="email" label={t('account.fields.email')} type="email" autoComplete="email" error={error} />
      <button type="submit" className="button" disabled={mutation.isPending}>
        {t('account.sendReset')}
      </button>
      <div className={styles.links}>
        <button type="button" className={styles.link} onClick={() => showLoginView('login')}>
          {t('account.toLogIn')}
        </button>
      </div>
    </form>
  );
}
