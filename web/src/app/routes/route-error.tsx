import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './pages.module.css';

/**
 * Last-resort error page of the router (a page crashed, or a lazy page chunk failed to load after
 * a deploy). Offers a full reload, which fetches the current build.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className={`container ${styles.notFound}`}>
      <title>{t('error.title')}</title>
      <h1 className={styles.title}>{t('error.title')}</h1>
      <p className={styles.lead}>{t('error.text')}</p>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
      </div>
    </main>
  );
}
