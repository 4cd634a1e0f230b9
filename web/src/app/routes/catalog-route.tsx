import { useTranslation } from '@/i18n/use-translation';
import { paths } from '@/config/paths';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { PageHeading } from '@/components/ui/page-heading';
import { useSections } from '@/features/catalog/api/get-sections';
import { OfferListing } from '@/features/catalog/components/offer-listing';
import { SectionTree } from '@/features/catalog/components/section-tree';
import { PageTitle } from '../page-title';
import styles from './catalog-route.module.css';

/**
 * The catalogue root (`/catalog/`): the section tree, then every offer of the shop, paged,
 * sortable and filterable. Every offer is reachable here even in a catalogue without sections.
 */
export function CatalogRoute() {
  const { t } = useTranslation();
  const sections = useSections();
  return (
    <>
      <PageTitle title={t('catalog.title')} />
      <Breadcrumbs items={[{ label: t('nav.home'), to: paths.home }, { label: t('catalog.title') }]} />
      <PageHeading>{t('catalog.title')}</PageHeading>

      <section className={styles.block} aria-labelledby="catalog-sections">
        <h2 id="catalog-sections" className={styles.blockTitle}>
          {t('catalog.sections')}
        </h2>
        {sections.isPending ? (
          <LoadingState compact />
        ) : sections.isError ? (
          <ErrorState onRetry={() => void sections.refetch()} />
        ) : sections.data.length === 0 ? (
          <p className={styles.muted}>{t('catalog.noSections')}</p>
        ) : (
          <SectionTree sections={sections.data} />
        )}
      </section>

      <section className={styles.block} aria-labelledby="catalog-all">
        <h2 id="catalog-all" className={styles.blockTitle}>
          {t('catalog.allProducts')}
        </h2>
        <OfferListing label={t('catalog.allProducts')} />
      </section>
    </>
  );
}
