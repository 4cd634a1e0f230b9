import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/format';
import type { AdminOrder, OrderStatus } from '@/lib/api/types';
import { useAdminOrder, useSetOrderStatus } from '../api';
import { useAdminText } from '../text';
import styles from '../admin.module.css';

/**
 * One order in the back office (issue 37): its lines and totals, the shopper's contacts, delivery, payment and
 * comment, the whole history (refused attempts included) and the status change.
 */
export function OrderPage() {
  const { t, language } = useAdminText();
  const number = useParams().number ?? '';
  const order = useAdminOrder(number);
  const [announcement, setAnnouncement] = useState('');
  if (order.isPending) return <p role="status">{t('loading')}</p>;
  if (order.isError) {
    return (
      <div role="alert">
        <p>{t('error')}</p>
        <Link to="/admin/orders">{t('order.back')}</Link>
      </div>
    );
  }
  const data = order.data;
  return (
    <article>
      <title>{t('order.title', { number })}</title>
      <p>
        <Link to="/admin/orders">{t('order.back')}</Link>
      </p>
      <h1>{t('order.title', { number })}</h1>
      <p className={styles.muted}>{t('order.placed', { date: formatDateTime(data.createdAt, language) })}</p>
      <div className={styles.statusRow}>
        <p>
          {t('order.status')}:{' '}
          <span className={styles.badge} data-status={data.status} data-testid="admin-order-status">
            {t(`statuses.${data.status}`)}
          </span>
        </p>
        <StatusDialog order={data} onChanged={setAnnouncement} />
        {data.next.length === 0 && <p className={styles.muted}>{t('order.final')}</p>}
      </div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <div className={styles.columns}>
        <section aria-labelledby="customer">
          <h2 id="customer">{t('order.customer')}</h2>
          <dl className={styles.facts}>
            <dt>{t('order.contacts')}</dt>
            <dd>
              {data.name}
              <br />
              <a href={`tel:${data.phone.replace(/[^\d+]/g, '')}`}>{data.phone}</a>
              {data.email && (
                <>
                  <br />
                  <a href={`mailto:${data.email}`}>{data.email}</a>
                </>
              )}
            </dd>
            <dt>{t('order.delivery')}</dt>
            <dd>
              {t(`deliveryMethods.${data.deliveryMethod}`)}, {data.city}
              {data.address ? `, ${data.address}` : ''}
            </dd>
            <dt>{t('order.payment')}</dt>
            <dd>{t(`paymentMethods.${data.paymentMethod}`)}</dd>
            {data.comment && (
              <>
                <dt>{t('order.comment')}</dt>
                <dd>{data.comment}</dd>
              </>
            )}
            <dt>{t('order.language')}</dt>
            <dd>{data.language}</dd>
          </dl>
        </section>
        <section aria-labelledby="lines">
          <h2 id="lines">{t('order.lines')}</h2>
          <div className={styles.scroll}>
            <table className={styles.plain}>
              <thead>
                <tr>
                  <th scope="col">{t('order.product')}</th>
                  <th scope="col">{t('order.price')}</th>
                  <th scope="col">{t('order.quantity')}</th>
                  <th scope="col">{t('order.sum')}</th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line) => (
                  <tr key={line.offerId}>
                    <td>
                      <a href={line.url}>{line.name}</a>
                      {line.vendorCode && <span className={styles.muted}> ({line.vendorCode})</span>}
                    </td>
                    <td>{formatMoney(line.price, data.currencyId)}</td>
                    <td>{line.quantity}</td>
                    <td>{formatMoney(line.sum, data.currencyId)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t('order.total')}
                  </th>
                  <td>{formatMoney(data.total, data.currencyId)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </section>
      </div>
      <section aria-labelledby="history">
        <h2 id="history">{t('order.history')}</h2>
        {data.history.length === 0 ? (
          <p>{t('order.noHistory')}</p>
        ) : (
          <ol className={styles.history}>
            {data.history.map((entry, index) => (
              <li key={index} data-testid="admin-history">
                <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>{' '}
                {t(`statuses.${entry.from}`)} → <strong>{t(`statuses.${entry.to}`)}</strong>
                {', '}
                {[
                  [t(`order.actors.${entry.actorKind}`), entry.actor].filter(Boolean).join(' '),
                  entry.outcome === 'applied' ? t('order.applied') : t('order.refused'),
                  entry.mailed ? t('order.mailed') : '',
                ]
                  .filter(Boolean)
                  .join(', ')}
                {entry.comment && <p className={styles.comment}>{entry.comment}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}

/** The dialog's error when another change came first: its text names the order's status as shown now. */
const CHANGED_MEANWHILE = 'ORDER_STATUS_CHANGED';

/**
 * The status change (Radix Dialog): the statuses the life cycle allows next, a comment the shopper sees, and whether
 * to mail them (offered only when they left an e-mail). A change another staff member made first (409
 * `ORDER_STATUS_CHANGED`) is said in the dialog and the order is shown anew.
 */
function StatusDialog({ order, onChanged }: { order: AdminOrder; onChanged: (text: string) => void }) {
  const { t } = useAdminText();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const change = useSetOrderStatus(order.number);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const status = data.get('status') as OrderStatus | null;
    if (!status) return;
    setError('');
    change.mutate(
      {
        status,
        seen: order.status,
        comment: String(data.get('comment') ?? '').trim() || null,
        notify: data.get('notify') === 'on',
      },
      {
        onSuccess: (changed) => {
          setOpen(false);
          onChanged(`${t('order.status')}: ${t(`statuses.${changed.status}`)}`);
        },
        onError: (failure) => {
          // The order is asked for again either way (`useSetOrderStatus`); the message names its status then.
          if (failure instanceof ApiError && failure.code === 'ORDER_STATUS_CHANGED') {
            setError(CHANGED_MEANWHILE);
          } else {
            setError(t('dialog.failed', { detail: failure instanceof ApiError ? failure.code : String(failure) }));
          }
        },
      },
    );
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError('');
      }}
    >
      {/* The dialog outlives a change that made the status final meanwhile, to say so; only its button goes. */}
      {order.next.length > 0 && <Dialog.Trigger className="button">{t('order.changeStatus')}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title>{t('dialog.title', { number: order.number })}</Dialog.Title>
          <Dialog.Description>{t('dialog.description', { status: t(`statuses.${order.status}`) })}</Dialog.Description>
          <form onSubmit={submit} className={styles.form}>
            <fieldset className={styles.choices} disabled={order.next.length === 0}>
              <legend>{t('dialog.newStatus')}</legend>
              {order.next.length === 0 && <p className={styles.muted}>{t('order.final')}</p>}
              {order.next.map((status, index) => (
                <label key={status} className={styles.choice}>
                  <input type="radio" name="status" value={status} defaultChecked={index === 0} required />
                  {t(`statuses.${status}`)}
                </label>
              ))}
            </fieldset>
            <label>
              {t('dialog.comment')}
              <textarea name="comment" rows={3} maxLength={1000} />
            </label>
            {order.canMail ? (
              <label className={styles.choice}>
                <input type="checkbox" name="notify" defaultChecked />
                {t('dialog.notify')}
              </label>
            ) : (
              <p className={styles.muted}>{t('dialog.noEmail')}</p>
            )}
            {error && (
              <p role="alert" className={styles.error}>
                {error === CHANGED_MEANWHILE
                  ? t('dialog.changed', { status: t(`statuses.${order.status}`) })
                  : error}
              </p>
            )}
            <div className={styles.actions}>
              <button type="submit" className="button" disabled={change.isPending || order.next.length === 0}>
                {t('dialog.submit')}
              </button>
              <Dialog.Close className="button button--secondary" type="button">
                {t('dialog.cancel')}
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
