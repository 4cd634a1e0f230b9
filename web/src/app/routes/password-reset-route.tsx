import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { paths } from '@/config/paths';
import { PasswordResetPage } from '@/features/account/components/password-reset-page';
import { PageTitle } from '../page-title';

/** The page of a password-reset link, `/personal/password-reset/?token=T` (issue 7); open to guests. */
export function PasswordResetRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const title = t('account.resetTitle');
  return (
    <>
      <PageTitle title={title} />
      <Breadcrumbs items={[{ label: t('nav.home'), to: paths.home }, { label: title }]} />
      <PasswordResetPage token={params.get('token') ?? ''} />
    </>
  );
}
