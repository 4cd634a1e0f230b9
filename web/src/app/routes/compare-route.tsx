import { useTranslation } from '@/i18n/use-translation';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { paths } from '@/config/paths';
import { CompareView } from '@/features/compare/components/compare-view';
import { PageTitle } from '../page-title';

/**
 * The compare page (`/catalog/compare/`, issue 6): title "Сравнение товаров", breadcrumbs, then the compare list's
 * offers side by side ({@link CompareView}).
 */
export function CompareRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('compare.title')} />
      <Breadcrumbs
        items={[
          { label: t('nav.home'), to: paths.home },
          { label: t('catalog.title'), to: paths.catalog },
          { label: t('compare.title') },
        ]}
      />
      <CompareView />
    </>
  );
}
