import { useTranslation } from '@/i18n/use-translation';
import { paths } from '@/config/paths';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeading } from '@/components/ui/page-heading';
import type { Section } from '@/lib/api/types';
import { OfferListing } from '@/features/catalog/components/offer-listing';
import { SubsectionList } from '@/features/catalog/components/subsection-list';
import { childSections, sectionTrail } from '@/features/catalog/utils/section-tree';
import { PageTitle } from '../page-title';
import styles from './section-page.module.css';

/** Props of {@link SectionPage}. */
export interface SectionPageProps {
  section: Section;
  /** The whole tree, for the breadcrumbs and the subsections. */
  sections: Section[];
}

/**
 * A section page (`/catalog/{section-slug}/`): breadcrumbs (Главная › Каталог › parents › section),
 * the section's `<h1>` and offer count, and the offer listing of the section and all its subsections (sort,
 * "only available", filters and page kept in the URL), its subsections in one row with the listing's "Фильтры"
 * button on narrow screens.
 */
export function SectionPage({ section, sections }: SectionPageProps) {
  const { t } = useTranslation();
  const trail = sectionTrail(sections, section.id);
  const children = childSections(sections, section.id);
  return (
    <>
      <PageTitle title={section.name} />
      <Breadcrumbs
        items={[
          { label: t('nav.home'), to: paths.home },
          { label: t('catalog.title'), to: paths.catalog },
          ...trail.map((s) => ({ label: s.name, to: s.id === section.id ? undefined : s.url })),
        ]}
      />
      <div className={styles.heading}>
        <PageHeading>{section.name}</PageHeading>
        <p className={styles.count} data-testid="section-count">
          {t('counts.offers', { count: section.offerCount })}
        </p>
      </div>
      <section className={styles.block} aria-label={t('catalog.products')}>
        <OfferListing
          sectionId={section.id}
          label={t('catalog.products')}
          lead={<SubsectionList sections={children} label={t('catalog.subsections')} />}
        />
      </section>
    </>
  );
}
