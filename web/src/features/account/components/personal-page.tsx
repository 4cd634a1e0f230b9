import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { PASSWORD_MIN_CHARS } from '@/config/constants';
import { paths } from '@/config/paths';
import { isEmailAddress } from '@/lib/validation';
import type { User } from '@/lib/api/types';
import { changePassword, useUpdateMe } from '../api/me';
import { AuthField, fieldErrorsOf, formErrorOf, type AuthFieldCode } from './auth-forms';
import { AccountPage } from './account-page';
import styles from './personal-page.module.css';

/** What the profile's phone field reports: the international number and its country (ISO 3166-1 alpha-2). */
export interface ProfilePhone {
  fullValue: string;
  iso2: string;
}

/** Props the profile hands to the phone field it is given. */
export interface ProfilePhoneFieldProps {
  id: string;
  /** The field's look of a text control ({@link Field}'s `className`). */
  className: string | undefined;
  invalid: boolean;
  /** The error's id while there is one. */
  describedBy: string | undefined;
  /** The stored international number. */
  defaultValue: string;
  onChange: (phone: ProfilePhone) => void;
}

/** Props of {@link PersonalPage}. */
export interface PersonalPageProps {
  user: User;
  /**
   * Renders the phone field (the app passes the forms feature's masked phone input: features never import each
   * other). `defaultValue` is the stored international number.
   */
  renderPhoneField: (props: ProfilePhoneFieldProps) => ReactNode;
}

/**
 * The account page `/personal/` (issue 7): links to the orders and the wishlist, the profile (name, e-mail, phone)
 * and the password change. Each form shows the server's field errors under its fields and a success message.
 */
export function PersonalPage({ user, renderPhoneField }: PersonalPageProps) {
  const { t } = useTranslation();
  return (
    <AccountPage title={t('account.personalTitle')}>
      <nav className={styles.nav} aria-label={t('account.personalNav')}>
        <Link to={paths.myOrders}>{t('account.menu.orders')}</Link>
        <Link to={paths.wishlist}>{t('account.menu.wishlist')}</Link>
      </nav>
      <div className={styles.sections}>
        <ProfileForm user={user} renderPhoneField={renderPhoneField} />
        <PasswordForm />
      </div>
    </AccountPage>
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
        <Field
          id={`${id}-phone`}
          label={t('account.fields.phone')}
          error={errors.phone && t(`account.fieldErrors.${errors.phone}`, { min: PASSWORD_MIN_CHARS })}
        >
          {(control) =>
            renderPhoneField({
              id: control.id,
              className: control.className,
              invalid: control['aria-invalid'],
              describedBy: control['aria-describedby'],
              defaultValue: user.phone ?? '',
              onChange: setPhone,
            })
          }
        </Field>
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
