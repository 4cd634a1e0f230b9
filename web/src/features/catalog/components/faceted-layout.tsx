import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { SlidePanel } from '@/components/ui/overlay';
import { linkButtonProps } from '@/components/ui/link-button';
import type { ListingFacets } from '@/lib/api/types';
import type { SortOrder } from '../api/listing-params';
import { type FilterPair, chosenFilters } from '../utils/filters';
import { ChosenFilters } from './chosen-filters';
import { FacetPanel } from './facet-panel';
import styles from './faceted-layout.module.css';

/** Props of {@link FacetedLayout}. */
export interface FacetedLayoutProps {
  /** The listing's facets; `null` before they are known (or without a facet index): no panel. */
  facets: ListingFacets | null;
  /** Offers the chosen filters leave. */
  total: number;
  filters: readonly FilterPair[];
  sort?: SortOrder;
  available: boolean;
  /** Other parameters the panel's form sends along without scripts (a search's `q`, `section`). */
  hidden?: readonly (readonly [string, string])[];
  onFilters: (filters: FilterPair[]) => void;
  hrefFor: (filters: FilterPair[]) => string;
  /** In one row with the "Фильтры" button on narrow screens (a section's subsections). */
  lead?: ReactNode;
  /** Above the chosen filters' row (a listing's toolbar). */
  toolbar?: ReactNode;
  /** The listing itself. */
  children: ReactNode;
  /** Extra class of the outer element (its margins). */
  className?: string;
}

/** The id of the wide screens' facet column: the "Фильтры" link's target without scripts. */
const FILTERS_ID = 'filters';

/**
 * A listing with its facets (issue 35), for the catalogue, its sections and the search results: the facet panel is a
 * column beside the listing from 1043 px; below, a slide panel opened by the "Фильтры" button (which says how many
 * filters are chosen), with "Показать (N)" closing it. Without scripts the button leads to the column, shown below
 * 1043 px as the page's target. The row of chosen filters sits above the listing.
 */
export function FacetedLayout({
  facets,
  total,
  filters,
  sort,
  available,
  hidden,
  onFilters,
  hrefFor,
  lead,
  toolbar,
  children,
  className,
}: FacetedLayoutProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const opener = useRef<HTMLAnchorElement | null>(null);
  // Another listing (a section link) closes the panel; a filter changes the query only, and keeps it open.
  useEffect(() => setPanelOpen(false), [pathname]);
  const chosenCount = chosenFilters(filters).length;
  const headingId = useId();
  const panel = (onShow?: () => void) =>
    facets && (
      <FacetPanel
        facets={facets}
        total={total}
        filters={filters}
        sort={sort}
        available={available}
        hidden={hidden}
        action={pathname}
        onFilters={onFilters}
        hrefFor={hrefFor}
        onShow={onShow}
      />
    );

  return (
    <div className={[facets ? styles.withFacets : undefined, className].filter(Boolean).join(' ') || undefined}>
      {facets && (
        <aside id={FILTERS_ID} className={styles.facets} aria-labelledby={headingId}>
          {/* The facets' headings are h3: the column is a block of the page (the slide panel's title is its h2). */}
          <h2 id={headingId} className="visually-hidden">
            {t('filters.title')}
          </h2>
          {panel()}
        </aside>
      )}
      <div className={styles.listing}>
        {(facets || lead) && (
          <div className={styles.lead}>
            {facets && (
              <a
                href={`#${FILTERS_ID}`}
                ref={opener}
                className={`button button--secondary ${styles.filtersButton}`}
                aria-label={chosenCount > 0 ? t('filters.openChosen', { count: chosenCount }) : undefined}
                {...linkButtonProps(() => setPanelOpen(true))}
              >
                {t('filters.open')}
                {chosenCount > 0 && (
                  <span className={styles.badge} aria-hidden="true">
                    {chosenCount}
                  </span>
                )}
              </a>
            )}
            {lead}
          </div>
        )}
        {toolbar}
        <ChosenFilters filters={filters} facets={facets} onFilters={onFilters} hrefFor={hrefFor} />
        {children}
      </div>
      {facets && (
        <SlidePanel
          open={panelOpen}
          onOpenChange={setPanelOpen}
          title={t('filters.title')}
          breakpointSide="mobile"
          returnFocusTo={opener}
        >
          {panel(() => setPanelOpen(false))}
        </SlidePanel>
      )}
    </div>
  );
}
