import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { paths } from '@/config/paths';
import { useSections } from '@/features/catalog/api/get-sections';
import { CollectionTabs } from '@/features/catalog/components/collection-tabs';
import { SectionGrid } from '@/features/catalog/components/section-grid';
import { childSections } from '@/features/catalog/utils/section-tree';
import { useShop } from '@/features/shop/api/get-shop';
import { RecentlyViewed } from '@/features/viewed/components/recently-viewed';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { PageTitle } from '../page-title';
import styles from './home-route.module.css';

/**
 * The home page (`/`): the shop's name and size, the main tabs "Новинки" / "Хиты" / "Скидки"
 * (spec §2), then the top-level sections with their offer counts, then "Вы смотрели" (issue 6; nothing when the
 * shopper has viewed no product yet).
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const shop = useShop();
  const sections = useSections();
  const topLevel = sections.data ? childSections(sections.data, null) : [];
  return (
    <>
      <PageTitle title={t('home.title')} />
      <section className={styles.hero} aria-labelledby="home-title">
        <div>
          <h1 id="home-title" className={styles.heroTitle}>
            {shop.data?.name ?? t('app.brand')}
          </h1>
          {/* The line is there before the shop's figures, so they do not push the page down (issue 9, CLS). */}
          <p className={styles.heroLead} aria-hidden={shop.data ? undefined : true}>
            {shop.data
              ? t('home.lead', {
                  offers: t('counts.offers', { count: shop.data.offerCount }),
                  sections: t('home.leadSections', { count: shop.data.sectionCount }),
                })
              : '\u00a0'}
          </p>
        </div>
        <Link to={paths.catalog} className={`button ${styles.heroButton}`}>
          {t('home.toCatalog')}
        </Link>
      </section>

      <section className={styles.block} aria-labelledby="home-collections">
        <h2 id="home-collections" className="visually-hidden">
          {t('home.collections')}
        </h2>
        <CollectionTabs />
      </section>

      {(sections.isPending || sections.isError || topLevel.length > 0) && (
        <section className={styles.block} aria-labelledby="home-sections">
          <h2 id="home-sections" className={styles.blockTitle}>
            {t('home.sections')}
          </h2>
          {sections.isPending ? (
            <LoadingState compact />
          ) : sections.isError ? (
            <ErrorState onRetry={() => void sections.refetch()} />
          ) : (
            <SectionGrid sections={topLevel} />
          )}
        </section>
      )}

      <RecentlyViewed />
    </>
  );
}
