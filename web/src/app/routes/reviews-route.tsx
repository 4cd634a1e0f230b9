import { useTranslation } from '@/i18n/use-translation';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { paths } from '@/config/paths';
import { ReviewsPage } from '@/features/reviews/components/reviews-page';
import { PageTitle } from '../page-title';

/**
 * The reviews page `/reviews/` (issue 8): title "Отзывы", breadcrumbs, then the reviews, their pages (`?page=N`) and
 * the add-review form (`#add-review`), see {@link ReviewsPage}.
 */
export function ReviewsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('reviews.title')} />
      <Breadcrumbs items={[{ label: t('nav.home'), to: paths.home }, { label: t('reviews.title') }]} />
      <ReviewsPage />
    </>
  );
}
