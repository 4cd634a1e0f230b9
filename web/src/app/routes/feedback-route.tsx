import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { paths } from '@/config/paths';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { PageHeading } from '@/components/ui/page-heading';
import { formQueryOptions, isShowableForm } from '@/features/forms/api/forms';
import { LazyServerForm } from '@/features/forms/components/lazy-server-form';
import { PageTitle } from '../page-title';
import styles from './feedback-route.module.css';

/** Code of the feedback form (issue 5). */
const FEEDBACK_FORM = 'feedback';

/**
 * The feedback page `/feedback/` (issue 5; spec §2 "Feedback form is server-described and appears in a panel or
 * page"): the form's title as the page heading, then the form. An answer that cannot be loaded or shown gives the
 * error state with a retry.
 */
export function FeedbackRoute() {
  const { t } = useTranslation();
  const query = useQuery(formQueryOptions(FEEDBACK_FORM));
  const title = query.data && isShowableForm(query.data) ? query.data.title : t('forms.feedback.title');
  return (
    <>
      <PageTitle title={title} />
      <Breadcrumbs items={[{ label: t('nav.home'), to: paths.home }, { label: title }]} />
      <PageHeading>{title}</PageHeading>
      <div className={styles.formPage}>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError || !isShowableForm(query.data) ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : (
          <LazyServerForm form={query.data} />
        )}
      </div>
    </>
  );
}
