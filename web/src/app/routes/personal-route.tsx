import { useTranslation } from '@/i18n/use-translation';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { paths } from '@/config/paths';
import { PersonalPage } from '@/features/account/components/personal-page';
import { RequireLogin } from '@/features/account/components/require-login';
import { useCurrentUser } from '@/features/account/components/user-widget';
import { PhoneInput } from '@/features/forms/components/phone-input';
import { PageTitle } from '../page-title';

/** The account page `/personal/` (issue 7): a guest gets the login panel; the profile takes the forms' phone field. */
export function PersonalRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <>
      <PageTitle title={t('account.personalTitle')} />
      <Breadcrumbs items={[{ label: t('nav.home'), to: paths.home }, { label: t('account.personalTitle') }]} />
      <RequireLogin>
        {user && (
          <PersonalPage
            user={user}
            renderPhoneField={({ id, className, invalid, describedBy, defaultValue, onChange }) => (
              <PhoneInput
                id={id}
                name="phone"
                invalid={invalid}
                describedBy={describedBy}
                defaultValue={defaultValue}
                className={className}
                onChange={(value) => onChange({ fullValue: value.FULL_VALUE, iso2: value.COUNTRY.iso2 })}
              />
            )}
          />
        )}
      </RequireLogin>
    </>
  );
}
