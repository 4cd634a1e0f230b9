import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { paths } from '@/config/paths';
import { isNotFoundError } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useGuestOrder, useOrder, type Order } from '../api/orders';
import styles from './order-confirmation.module.css';

/**
 * The confirmation of a placed order (issue 6; `/personal/order/make/?ORDER_ID=N`): "Заказ № N оформлен", what was
 * ordered at which price, the total, delivery and payment, the contact details. Another session's or an unknown
 * number says the order was not found. The `history` variant (the account's order page, issue 7) is headed
 * "Заказ № N от {date}" instead.
 */
export function OrderConfirmation({ number, variant = 'placed' }: { number: string; variant?: 'placed' | 'history' }) {
  return <OrderView order={useOrder(number)} variant={variant} />;
}

/**
 * A guest's order through the link of their confirmation mail (issue 37; `/personal/order/status/#TOKEN`): the order
 * with its status and history, no session needed. A wrong token says the order was not found.
 */
export function GuestOrder({ token }: { token: string }) {
  return <OrderView order={useGuestOrder(token)} variant="history" />;
}

function OrderView({
  order,
  variant,
}: {
  order: ReturnType<typeof useOrder>;
  variant: 'placed' | 'history';
}) {
  const { t, i18n } = useTranslation();
  if (order.isPending) return <LoadingState />;
  if (order.isError) {
    if (isNotFoundError(order.error)) {
      return (
        <div className={styles.page}>
          <h1 className={styles.title}>{t('checkout.notFound')}</h1>
          <Link to={paths.catalog}>{t('basket.toCatalog')}</Link>
        </div>
      );
    }
    return <ErrorState onRetry={() => void order.refetch()} />;
  }
  const data = order.data;
  return (
    <div className={styles.page}>
      <h1 className={styles.title} data-testid="order-number">
        {variant === 'placed'
          ? t('checkout.placed', { number: data.number })
          : t('checkout.orderOf', { number: data.number, date: formatDateTime(data.createdAt, i18n.language) })}
      </h1>
      {variant === 'placed' && (
        <p>{t('checkout.placedNote', { date: formatDateTime(data.createdAt, i18n.language) })}</p>
      )}
      {variant === 'history' && <StatusHistory order={data} />}
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('checkout.summary')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('checkout.product')}</th>
              <th scope="col" className={styles.priceCell}>
                {t('checkout.price')}
              </th>
              <th scope="col">{t('checkout.quantityShort')}</th>
              <th scope="col">{t('checkout.sum')}</th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((line) => (
              <tr key={line.offerId} data-testid="order-line">
                <td>{line.url ? <Link to={line.url}>{line.name}</Link> : line.name}</td>
                <td className={styles.priceCell}>{formatMoney(line.price, data.currencyId)}</td>
                <td>{line.quantity}</td>
                <td>{formatMoney(line.sum, data.currencyId)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('basket.total')}</th>
              <td className={styles.priceCell} />
              <td />
              <td data-testid="order-total">{formatMoney(data.total, data.currencyId)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <dl className={styles.facts}>
        <dt>{t('checkout.delivery')}</dt>
        <dd>
          {t(`checkout.deliveryMethods.${data.deliveryMethod}`)}
          {`, ${data.city}`}
          {data.address ? `, ${data.address}` : ''}
        </dd>
        <dt>{t('checkout.payment')}</dt>
        <dd>{t(`checkout.paymentMethods.${data.paymentMethod}`)}</dd>
        <dt>{t('checkout.contacts')}</dt>
        <dd>{[data.name, data.phone, data.email].filter(Boolean).join(', ')}</dd>
        {data.comment && (
          <>
            <dt>{t('checkout.fields.comment')}</dt>
            <dd>{data.comment}</dd>
          </>
        )}
      </dl>
      <Link to={paths.catalog} className="button">
        {t('checkout.continue')}
      </Link>
    </div>
  );
}

/** The order's status and the steps it went through, with the shop's comments (issue 37). */
function StatusHistory({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  return (
    <section className={styles.status} aria-labelledby="order-status">
      <p id="order-status" className={styles.statusNow} data-testid="order-status">
        {t('checkout.status', { status: t(`orderStatus.${order.status}`) })}
      </p>
      {order.statusHistory.length > 0 && (
        <>
          <h2 className={styles.historyTitle}>{t('checkout.history')}</h2>
          <ol className={styles.history}>
            {order.statusHistory.map((step) => (
              <li key={step.at + step.status} data-testid="order-step">
                <time dateTime={step.at}>{formatDateTime(step.at, i18n.language)}</time>{' '}
                <strong>{t(`orderStatus.${step.status}`)}</strong>
                {step.comment && <p className={styles.comment}>{step.comment}</p>}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
