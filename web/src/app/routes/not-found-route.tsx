import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { paths } from '@/config/paths';
import { PageTitle } from '../page-title';
import { PageMessage } from './page-message';

/**
 * The 404 page: unknown paths, and catalogue paths whose section or offer the API does not know
 * (the server answers those with status 404 and this shell, docs/api.md "Pages").
 */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <PageMessage
      head={<PageTitle title={t('notFound.title')} />}
      code="404"
      title={t('notFound.title')}
      text={t('notFound.text')}
      testId="not-found"
    >
      <Link to={paths.home} className="button">
        {t('notFound.home')}
      </Link>
      <Link to={paths.catalog} className="button button--secondary">
        {t('notFound.catalog')}
      </Link>
    </PageMessage>
  );
}
