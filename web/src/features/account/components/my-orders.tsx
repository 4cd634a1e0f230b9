import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { myOrderPath, paths } from '@/config/paths';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useMyOrders } from '../api/me';
import { AccountPage } from './account-page';
import styles from './my-orders.module.css';

/**
 * The order history `/personal/orders/` (issue 7): the user's orders, newest first, each with its number (a link to
 * its details), date, pieces and total; none yet says so and links to the catalogue.
 */
export function MyOrders() {
  const { t, i18n } = useTranslation();
  const orders = useMyOrders();
  let body;
  if (orders.isPending) body = <LoadingState />;
  else if (orders.isError) body = <ErrorState onRetry={() => void orders.refetch()} />;
  else if (orders.data.items.length === 0) {
    body = (
      <>
        <p>{t('account.noOrders')}</p>
        <Link to={paths.catalog} className="button">
          {t('basket.toCatalog')}
        </Link>
      </>
    );
  } else {
    body = (
      <table className={styles.orders}>
        <thead>
          <tr>
            <th scope="col">{t('account.orderNumber')}</th>
            <th scope="col">{t('account.orderDate')}</th>
            <th scope="col">{t('account.orderStatus')}</th>
            <th scope="col">{t('account.orderItems')}</th>
            <th scope="col">{t('basket.total')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.data.items.map((order) => (
            <tr key={order.number} data-testid="my-order">
              <td>
                <Link to={myOrderPath(order.number)}>{t('account.orderLink', { number: order.number })}</Link>
              </td>
              <td>{formatDateTime(order.createdAt, i18n.language)}</td>
              <td data-testid="my-order-status">{t(`orderStatus.${order.status}`)}</td>
              <td>{order.itemCount}</td>
              <td>{formatMoney(order.total, order.currencyId)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <AccountPage title={t('account.menu.orders')}>
      {body}
    </AccountPage>
  );
}
