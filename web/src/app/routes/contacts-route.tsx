import { useTranslation } from '@/i18n/use-translation';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { paths } from '@/config/paths';
import { ContactsPage } from '@/features/contacts/components/contacts-page';
import { CallbackButton } from '@/features/forms/components/callback-button';
import { PageTitle } from '../page-title';

/**
 * The contacts page `/contacts/` (issue 8): title "Контакты", breadcrumbs, then the stores with their map
 * ({@link ContactsPage}), with the forms feature's callback button.
 */
export function ContactsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('contacts.title')} />
      <Breadcrumbs items={[{ label: t('nav.home'), to: paths.home }, { label: t('contacts.title') }]} />
      <ContactsPage callback={<CallbackButton variant="inline" />} />
    </>
  );
}
