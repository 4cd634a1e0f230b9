import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { PASSWORD_MIN_CHARS } from '@/config/constants';
import { paths } from '@/config/paths';
import { isEmailAddress } from '@/lib/validation';
import type { User } from '@/lib/api/types';
import { changePassword, useUpdateMe } from '../api/me';
import { AuthField, fieldErrorsOf, formErrorOf, type AuthFieldCode } from './auth-forms';
import styles from './personal.module.css';

/** What the profile's phone field reports: the international number and its country (ISO 3166-1 alpha-2). */
export interface ProfilePhone {
  fullValue: string;
  iso2: string;
}

/** Props of {@link PersonalPage}. */
export interface PersonalPageProps {
  user: User;
  /**
   * Renders the phone field (the app passes the forms feature's masked phone input: features never import each
   * other). `defaultValue` is the stored international number.
   */
  renderPhoneField: (props: { id: string; invalid: boolean; defaultValue: string; onChange: (phone: ProfilePhone) => void }) => ReactNode;
}

/**
 * The account page `/personal/` (issue 7): links to the orders and the wishlist, the profile (name, e-mail, phone)
 * and the password change. Each form shows the server's field errors under its fields and a success message.
 */
export function PersonalPage({ user, renderPhoneField }: PersonalPageProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('account.personalTitle')}</h1>
      <nav className={styles.nav} aria-label={t('account.personalNav')}>
        <Link to={paths.myOrders}>{t('account.menu.orders')}</Link>
        <Link to={paths.wishlist}>{t('account.menu.wishlist')}</Link>
      </nav>
      <div className={styles.sections}>
        <ProfileForm user={user} renderPhoneField={renderPhoneField} />
        <PasswordForm />
      </div>
    </div>
  );
}

function ProfileForm({ user, renderPhoneField }: PersonalPageProps) {
  const { t } = useTranslation();
  const id = useId();
  const [errors, setErrors] = useState<Record<string, AuthFieldCode>>({});
  const [phone, setPhone] = useState<ProfilePhone>({ fullValue: user.phone ?? '', iso2: '' });
  const mutation = useUpdateMe();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const email = String(data.get('email') ?? '').trim();
    const found: Record<string, AuthFieldCode> = {};
    if (!name) found.name = 'FORMS_NOT_EMPTY_INVALID';
    if (!email) found.email = 'FORMS_NOT_EMPTY_INVALID';
    else if (!isEmailAddress(email)) found.email = 'FORMS_EMAIL_INVALID';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(
      { name, email, phone: phone.fullValue, ...(phone.iso2 ? { phoneCountry: phone.iso2 } : {}) },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  const formError = mutation.isError && Object.keys(fieldErrorsOf(mutation.error)).length === 0;

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('account.profile')}
      </h2>
      <form className={styles.section} noValidate onSubmit={onSubmit} aria-busy={mutation.isPending}>
        {mutation.isSuccess && <Alert variant="success">{t('account.saved')}</Alert>}
        {formError && <Alert variant="error">{t(formErrorOf(mutation.error))}</Alert>}
        <AuthField id={`${id}-name`} name="name" label={t('account.fields.name')} type="text" autoComplete="name" error={errors.name} defaultValue={user.name} />
        <AuthField id={`${id}-email`} name="email" label={t('account.fields.email')} type="email" autoComplete="email" error={errors.email} defaultValue={user.email} />
        <div className="form-field">
          <label htmlFor={`${id}-phone`} className="form-label">
            {t('account.fields.phone')}
          </label>
          {renderPhoneField({ id: `${id}-phone`, invalid: Boolean(errors.phone), defaultValue: user.phone ?? '', onChange: setPhone })}
          {errors.phone && <p className="form-error">{t(`account.fieldErrors.${errors.phone}`, { min: PASSWORD_MIN_CHARS })}</p>}
        </div>
        <button type="submit" className="button" disabled={mutation.isPending}>
          {t('account.save')}
        </button>
      </form>
    </section>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const id = useId();
  const [errors, setErrors] = useState<Record<string, AuthFieldCode>>({});
  const mutation = useMutation({
    mutationFn: ({ current, next }: { current: string; next: string }) => changePassword(current, next),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('currentPassword') ?? '');
    const next = String(data.get('newPassword') ?? '');
    const found: Record<string, AuthFieldCode> = {};
    if (!current) found.currentPassword = 'FORMS_NOT_EMPTY_INVALID';
    if (!next) found.newPassword = 'FORMS_NOT_EMPTY_INVALID';
    else if (next.length < PASSWORD_MIN_CHARS) found.newPassword = 'AUTH_PASSWORD_TOO_SHORT';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(
      { current, next },
      { onSuccess: () => form.reset(), onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  const formError = mutation.isError && Object.keys(fieldErrorsOf(mutation.error)).length === 0;

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('account.passwordChange')}
      </h2>
      <form className={styles.section} noValidate onSubmit={onSubmit} aria-busy={mutation.isPending}>
        {mutation.isSuccess && <Alert variant="success">{t('account.passwordChanged')}</Alert>}
        {formError && <Alert variant="error">{t(formErrorOf(mutation.error))}</Alert>}
        <AuthField
          id={`${id}-current`}
          name="currentPassword"
          label={t('account.fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <AuthField
          id={`${id}-new`}
          name="newPassword"
          label={t('account.fields.newPassword', { min: PASSWORD_MIN_CHARS })}
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
        />
        <button type="submit" className="button" disabled={mutation.isPending}>
          {t('account.changePassword')}
        </button>
      </form>
    </section>
  );
}
