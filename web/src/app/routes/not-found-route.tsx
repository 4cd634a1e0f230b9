import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageTitle } from '../page-title';
import styles from './pages.module.css';

/**
 * The 404 page: unknown paths, and catalogue paths whose section or offer the API does not know
 * (the server answers those with status 404 and this shell, docs/api.md "Pages").
 */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className={styles.notFound} data-testid="not-found">
      <PageTitle title={t('notFound.title')} />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p className={styles.lead}>{t('notFound.text')}</p>
      <div className={styles.actions}>
        <Link to={paths.home} className="button">
          {t('notFound.home')}
        </Link>
        <Link to={paths.catalog} className="button button--secondary">
          {t('notFound.catalog')}
        </Link>
      </div>
    </div>
  );
}
