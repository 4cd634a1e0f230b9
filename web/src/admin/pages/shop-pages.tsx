import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { useModerateReview, usePendingReviews, useShopState, useStaffList } from '../api';
import { useAdminText } from '../text';
import styles from '../admin.module.css';

/** A query's loading and error states, or `children` once its data is there. */
function Loaded({ query, children }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown }; children: () => ReactNode }) {
  const { t } = useAdminText();
  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError) {
    return (
      <div role="alert">
        <p>{t('error')}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return <>{children()}</>;
}

/** The reviews waiting for moderation (issue 37: the CLI's `vitrina reviews`, in the browser): publish or delete. */
export function ReviewsPage() {
  const { t, language } = useAdminText();
  const reviews = usePendingReviews();
  const moderate = useModerateReview();
  return (
    <section>
      <title>{t('reviews.title')}</title>
      <h1>{t('reviews.title')}</h1>
      <Loaded query={reviews}>
        {() =>
          reviews.data?.length ? (
            <ul className={styles.cards}>
              {reviews.data.map((review) => (
                <li key={review.id} className={styles.card} data-testid="admin-review">
                  <p className={styles.muted}>
                    {t('reviews.from', { name: review.name, date: formatDateTime(review.createdAt, language) })} ·{' '}
                    {t('reviews.stars', { count: review.rating })}
                  </p>
                  <p className={styles.reviewText}>{review.text}</p>
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className="button"
                      disabled={moderate.isPending}
                      onClick={() => moderate.mutate({ id: review.id, action: 'publish' })}
                    >
                      {t('reviews.publish')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={moderate.isPending}
                      onClick={() => moderate.mutate({ id: review.id, action: 'delete' })}
                    >
                      {t('reviews.delete')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('reviews.none')}</p>
          )
        }
      </Loaded>
    </section>
  );
}

/** The shop's state (issue 37): the last imports with their summaries, the pictures and the mail. */
export function StatePage() {
  const { t, language } = useAdminText();
  const state = useShopState();
  return (
    <section>
      <title>{t('state.title')}</title>
      <h1>{t('state.title')}</h1>
      <Loaded query={state}>
        {() => {
          const data = state.data;
          if (!data) return null;
          return (
            <>
              <h2>{t('state.imports')}</h2>
              {data.imports.length === 0 ? (
                <p>{t('state.noImports')}</p>
              ) : (
                <div className={styles.scroll}>
                  <table className={styles.plain}>
                    <thead>
                      <tr>
                        <th scope="col">{t('state.finished')}</th>
                        <th scope="col">{t('state.source')}</th>
                        <th scope="col">{t('state.sections')}</th>
                        <th scope="col">{t('state.added')}</th>
                        <th scope="col">{t('state.updated')}</th>
                        <th scope="col">{t('state.removed')}</th>
                        <th scope="col">{t('state.skipped')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.imports.map((row) => (
                        <tr key={row.id}>
                          <td>{formatDateTime(row.finishedAt, language)}</td>
                          <td className={styles.breakable}>{row.source}</td>
                          <td>{row.sections}</td>
                          <td>{row.offersAdded}</td>
                          <td>{row.offersUpdated}</td>
                          <td>{row.offersRemoved}</td>
                          <td>{row.offersSkipped}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <h2>{t('state.pictures')}</h2>
              <dl className={styles.counts}>
                <dt>{t('state.ready')}</dt>
                <dd>{data.pictures.ready}</dd>
                <dt>{t('state.pending')}</dt>
                <dd>{data.pictures.pending}</dd>
                <dt>{t('state.failed')}</dt>
                <dd>{data.pictures.failed}</dd>
                <dt>{t('state.avifPending')}</dt>
                <dd>{data.pictures.avifPending}</dd>
              </dl>
              {data.pictureFailures.length > 0 && (
                <>
                  <h3>{t('state.pictureFailures')}</h3>
                  <ul className={styles.list}>
                    {data.pictureFailures.map((failure) => (
                      <li key={failure.url} className={styles.breakable}>
                        {failure.url}: {failure.failure}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <h2>{t('state.mail')}</h2>
              <dl className={styles.counts}>
                <dt>{t('state.sent')}</dt>
                <dd>{data.mail.sent}</dd>
                <dt>{t('state.waiting')}</dt>
                <dd>{data.mail.waiting}</dd>
                <dt>{t('state.mailFailed')}</dt>
                <dd>{data.mail.failed}</dd>
                <dt>{t('state.kept')}</dt>
                <dd>{data.mail.kept}</dd>
              </dl>
              {data.unsentMail.length > 0 && (
                <>
                  <h3>{t('state.unsent')}</h3>
                  <ul className={styles.list}>
                    {data.unsentMail.map((mail) => (
                      <li key={mail.id} className={styles.breakable}>
                        {mail.recipient ?? '—'}: {mail.subject} ({t('state.attempts', { count: mail.attempts })})
                        {mail.lastError ? `: ${mail.lastError}` : ''}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

/** The staff (owners only; `vitrina staff` adds and removes them). */
export function StaffPage() {
  const { t } = useAdminText();
  const staff = useStaffList();
  return (
    <section>
      <title>{t('staff.title')}</title>
      <h1>{t('staff.title')}</h1>
      <p className={styles.muted}>{t('staff.note')}</p>
      <Loaded query={staff}>
        {() => (
          <div className={styles.scroll}>
            <table className={styles.plain}>
              <thead>
                <tr>
                  <th scope="col">{t('staff.email')}</th>
                  <th scope="col">{t('staff.role')}</th>
                  <th scope="col">{t('staff.active')}</th>
                </tr>
              </thead>
              <tbody>
                {staff.data?.map((member) => (
                  <tr key={member.id}>
                    <td className={styles.breakable}>{member.email}</td>
                    <td>{t(`staff.roles.${member.role}`)}</td>
                    <td>{member.active ? t('staff.yes') : t('staff.no')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
    </section>
  );
}
