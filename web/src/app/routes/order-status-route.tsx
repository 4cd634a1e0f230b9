import { useLocation } from 'react-router';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { paths } from '@/config/paths';
import { GuestOrder } from '@/features/basket/components/order-confirmation';
import { useTranslation } from '@/i18n/use-translation';
import { PageTitle } from '../page-title';

/**
 * A guest's order `/personal/order/status/#TOKEN` (issue 37): the link of the confirmation and status mails. The
 * token rides in the fragment, which no request carries, so no server log or `Referer` holds it. Without one the
 * page says where the link is.
 */
export function OrderStatusRoute() {
  const { t } = useTranslation();
  const token = useLocation().hash.replace(/^#/, '');
  const title = t('checkout.statusTitle');
  return (
    <>
      <PageTitle title={title} />
      <Breadcrumbs items={[{ label: t('nav.home'), to: paths.home }, { label: title }]} />
      {token ? (
        <GuestOrder token={token} />
      ) : (
        <>
          <h1>{title}</h1>
          <p>{t('checkout.statusNoLink')}</p>
        </>
      )}
    </>
  );
}
