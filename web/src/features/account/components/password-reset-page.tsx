import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Alert } from '@/components/ui/alert';
import { PASSWORD_MIN_CHARS } from '@/config/constants';
import { ApiError } from '@/lib/api-client';
import { confirmPasswordReset } from '../api/auth';
import { openLoginPanel } from '../hooks/login-panel';
import { AuthField, fieldErrorsOf, type AuthFieldCode } from './auth-forms';
import { AccountPage } from './account-page';
import styles from './password-reset-page.module.css';

/**
 * The page a password-reset link opens (`/personal/password-reset/?token=T`; issue 7): the new password; then "Войти"
 * opens the login panel. A used, expired or unknown link says so and offers a new one.
 */
export function PasswordResetPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<AuthFieldCode | undefined>();
  const mutation = useMutation({ mutationFn: (password: string) => confirmPasswordReset(token, password) });
  const badToken = mutation.error instanceof ApiError && mutation.error.code === 'RESET_TOKEN_INVALID';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    const found = !password ? 'FORMS_NOT_EMPTY_INVALID' : password.length < PASSWORD_MIN_CHARS ? 'AUTH_PASSWORD_TOO_SHORT' : undefined;
    setError(found);
    if (found) return;
    mutation.mutate(password, { onError: (failure) => setError(fieldErrorsOf(failure).password) });
  };

  return (
    <AccountPage title={t('account.resetTitle')}>
      {mutation.isSuccess ? (
        <>
          <Alert variant="success">{t('account.resetDone')}</Alert>
          <button type="button" className="button" onClick={() => openLoginPanel('login')}>
            {t('account.logIn')}
          </button>
        </>
      ) : badToken || !token ? (
        <>
          <Alert variant="error">{t('account.errors.RESET_TOKEN_INVALID')}</Alert>
          <button type="button" className="button" onClick={() => openLoginPanel('reset')}>
            {t('account.sendReset')}
          </button>
        </>
      ) : (
        <form className={styles.section} noValidate onSubmit={onSubmit} aria-busy={mutation.isPending}>
          {mutation.isError && !error && <Alert variant="error">{t('account.errors.generic')}</Alert>}
          <AuthField
            id={`${id}-password`}
            name="password"
            label={t('account.fields.newPassword', { min: PASSWORD_MIN_CHARS })}
            type="password"
            autoComplete="new-password"
            error={error}
          />
          <button type="submit" className="button" disabled={mutation.isPending}>
            {t('account.setPassword')}
          </button>
        </form>
      )}
    </AccountPage>
  );
}
