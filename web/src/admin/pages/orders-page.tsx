import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, formatMoney } from '@/lib/format';
import type { OrderStatus } from '@/lib/api/types';
import { orderParams, useAdminOrders, type OrderFilters } from '../api';
import { useAdminText } from '../text';
import styles from '../admin.module.css';

/** The statuses in life order: the tabs'. */
export const ORDER_STATUSES: readonly OrderStatus[] = ['new', 'accepted', 'paid', 'shipped', 'completed', 'cancelled'];

/** Orders per page (the API's default). */
const PER_PAGE = 25;

function filtersOf(params: URLSearchParams): OrderFilters {
  const page = Number(params.get('page') ?? '1');
  return {
    status: params.get('status') ?? '',
    q: params.get('q') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * The orders (issue 37): newest first, tabs per status with their counts, a search by number, name, phone or e-mail,
 * a date range in the staff member's own days, paging, and the CSV export of what is listed. The filters live in the
 * address, so a list can be bookmarked and the browser's back button returns to it.
 */
export function OrdersPage() {
  const { t, language } = useAdminText();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const orders = useAdminOrders(filters);
  const change = (next: Partial<OrderFilters>) => {
    const merged = { ...filters, page: 1, ...next };
    const search = new URLSearchParams();
    for (const key of ['status', 'q', 'from', 'to'] as const) if (merged[key]) search.set(key, merged[key]);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    change({ q: String(data.get('q') ?? '').trim(), from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') });
  };
  const counts = orders.data?.counts ?? {};
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const exportParams = new URLSearchParams();
  for (const [key, value] of Object.entries(orderParams({ ...filters, page: 1 }))) {
    if (value !== undefined && key !== 'page') exportParams.set(key, String(value));
  }
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / PER_PAGE)) : 1;
  return (
    <section>
      <title>{t('orders.title')}</title>
      <h1>{t('orders.title')}</h1>
      <nav aria-label={t('orders.statusTabs')} className={styles.tabs}>
        <ul>
          {['', ...ORDER_STATUSES].map((status) => {
            const label = status ? t(`statuses.${status as OrderStatus}`) : t('orders.all');
            const count = status ? (counts[status] ?? 0) : all;
            return (
              <li key={status || 'all'}>
                <button
                  type="button"
                  aria-pressed={filters.status === status}
                  onClick={() => change({ status })}
                  data-testid={`status-tab-${status || 'all'}`}
                >
                  {label} <span className={styles.count}>{orders.data ? count : ''}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <form role="search" aria-label={t('orders.searchLabel')} className={styles.filters} onSubmit={submit}>
        <label className={styles.grow}>
          <span className="visually-hidden">{t('orders.searchLabel')}</span>
          <input name="q" type="search" defaultValue={filters.q} placeholder={t('orders.search')} key={`q${filters.q}`} />
        </label>
        <label>
          {t('orders.from')}
          <input name="from" type="date" defaultValue={filters.from} key={`f${filters.from}`} />
        </label>
        <label>
          {t('orders.to')}
          <input name="to" type="date" defaultValue={filters.to} key={`t${filters.to}`} />
        </label>
        <button type="submit" className="button">
          {t('orders.apply')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setParams(new URLSearchParams())}>
          {t('orders.reset')}
        </button>
        <a className="button button--secondary" href={`/api/admin/orders.csv?${exportParams.toString()}`} download>
          {t('orders.export')}
        </a>
      </form>
      {orders.isPending && <p role="status">{t('loading')}</p>}
      {orders.isError && (
        <div role="alert">
          <p>{t('error')}</p>
          <button type="button" className="button" onClick={() => void orders.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}
      {orders.data && (
        <>
          <p role="status" className={styles.muted}>
            {t('orders.found', { count: orders.data.total })}
          </p>
          {orders.data.items.length === 0 ? (
            <p>{t('orders.none')}</p>
          ) : (
            <table className={styles.table}>
              <caption className="visually-hidden">{t('orders.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('orders.number')}</th>
                  <th scope="col">{t('orders.date')}</th>
                  <th scope="col">{t('orders.status')}</th>
                  <th scope="col">{t('orders.customer')}</th>
                  <th scope="col">{t('orders.phone')}</th>
                  <th scope="col">{t('orders.items')}</th>
                  <th scope="col">{t('orders.total')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.items.map((order) => (
                  <tr key={order.number} data-testid="admin-order">
                    <th scope="row" data-label={t('orders.number')}>
                      <Link to={`/admin/orders/${order.number}`} aria-label={t('orders.open', { number: order.number })}>
                        {order.number}
                      </Link>
                    </th>
                    <td data-label={t('orders.date')}>{formatDateTime(order.createdAt, language)}</td>
                    <td data-label={t('orders.status')}>
                      <span className={styles.badge} data-status={order.status}>
                        {t(`statuses.${order.status}`)}
                      </span>
                    </td>
                    <td data-label={t('orders.customer')}>{order.name}</td>
                    <td data-label={t('orders.phone')}>{order.phone}</td>
                    <td data-label={t('orders.items')}>{order.itemCount}</td>
                    <td data-label={t('orders.total')}>{formatMoney(order.total, order.currencyId)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {pages > 1 && (
            <nav aria-label={t('orders.page', { page: filters.page, pages })} className={styles.pager}>
              <button
                type="button"
                className="button button--secondary"
                disabled={filters.page <= 1}
                onClick={() => change({ page: filters.page - 1 })}
              >
                {t('orders.prev')}
              </button>
              <span>{t('orders.page', { page: filters.page, pages })}</span>
              <button
                type="button"
                className="button button--secondary"
                disabled={filters.page >= pages}
                onClick={() => change({ page: filters.page + 1 })}
              >
                {t('orders.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
