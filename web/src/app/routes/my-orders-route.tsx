import { useTranslation } from '@/i18n/use-translation';
import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { paths } from '@/config/paths';
import { MyOrders } from '@/features/account/components/my-orders';
import { RequireLogin } from '@/features/account/components/require-login';
import { OrderConfirmation } from '@/features/basket/components/order-confirmation';
import { PageTitle } from '../page-title';

/** The order history `/personal/orders/` (issue 7); a guest gets the login panel. */
export function MyOrdersRoute() {
  const { t } = useTranslation();
  const title = t('account.menu.orders');
  return (
    <>
      <PageTitle title={title} />
      <Breadcrumbs
        items={[
          { label: t('nav.home'), to: paths.home },
          { label: t('account.personalTitle'), to: paths.personal },
          { label: title },
        ]}
      />
      <RequireLogin>
        <MyOrders />
      </RequireLogin>
    </>
  );
}

/** One order of the history `/personal/orders/{number}/` (issue 7): the order's details as the confirmation shows them. */
export function MyOrderRoute() {
  const { t } = useTranslation();
  const number = useParams().number ?? '';
  const title = t('account.orderLink', { number });
  return (
    <>
      <PageTitle title={title} />
      <Breadcrumbs
        items={[
          { label: t('nav.home'), to: paths.home },
          { label: t('account.personalTitle'), to: paths.personal },
          { label: t('account.menu.orders'), to: paths.myOrders },
          { label: title },
        ]}
      />
      <RequireLogin>
        <OrderConfirmation number={number} variant="history" />
      </RequireLogin>
    </>
  );
}
