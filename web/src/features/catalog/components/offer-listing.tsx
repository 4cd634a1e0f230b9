import { useId, type ReactNode } from 'react';
import { useSelectCommit } from '@/lib/use-select-commit';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { CATALOG_PAGE_SIZE } from '@/config/constants';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api-client';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { useOffers } from '../api/get-offers';
import { useSectionOffers } from '../api/get-section-offers';
import { SORT_ORDERS, type ListingParams, type SortOrder } from '../api/listing-params';
import type { OfferPage } from '@/lib/api/types';
import { isSortOrder, useListingParams } from '../hooks/use-listing-params';
import { ProductGrid } from './product-grid';
import { FacetedLayout } from './faceted-layout';
import styles from './offer-listing.module.css';

/** Value of the sort select meaning "the shop's own order" (no `sort` parameter). */
const DEFAULT_SORT = 'default';

/** Props of {@link ListingLinks}. */
interface ListingLinksProps {
  sort?: SortOrder;
  available: boolean;
  sortHref: (sort: SortOrder | undefined) => string;
  availableHref: (available: boolean) => string;
}

/**
 * The toolbar without JavaScript (issue 22): each order, and the "only available" flag, as a plain link to the
 * listing's first page, in place of the select and checkbox that need scripts to act (hidden by the style beside
 * them). Inside `<noscript>`: a browser running scripts neither shows nor hydrates it.
 */
function ListingLinks({ sort, available, sortHref, availableHref }: ListingLinksProps) {
  const { t } = useTranslation();
  const orders: (SortOrder | undefined)[] = [undefined, ...SORT_ORDERS];
  const labelId = useId();
  return (
    <noscript>
      <style>{`.${styles.controls}{display:none}`}</style>
      <nav aria-labelledby={labelId} className={styles.links}>
        <span id={labelId} className={styles.label}>
          {t('listing.sort')}
        </span>
        <ul className={styles.linkList}>
          {orders.map((order) => (
            <li key={order ?? DEFAULT_SORT}>
              <a href={sortHref(order)} aria-current={order === sort ? 'true' : undefined}>
                {t(`listing.sortOptions.${order ?? DEFAULT_SORT}`)}
              </a>
            </li>
          ))}
        </ul>
        <a href={availableHref(!available)}>{available ? t('listing.all') : t('listing.available')}</a>
      </nav>
    </noscript>
  );
}

/** Props of {@link ListingToolbar}. */
interface ListingToolbarProps extends ListingLinksProps {
  onSortChange: (sort: SortOrder | undefined) => void;
  onAvailableChange: (available: boolean) => void;
  data?: OfferPage;
}

function ListingToolbar({ onSortChange, onAvailableChange, data, ...links }: ListingToolbarProps) {
  const { sort, available } = links;
  const { t } = useTranslation();
  const sortId = useId();
  const sortSelect = useSelectCommit(sort ?? DEFAULT_SORT, (value) =>
    onSortChange(isSortOrder(value) ? value : undefined),
  );
  const availableId = useId();
  const from = data && data.total > 0 ? (data.page - 1) * data.perPage + 1 : 0;
  const to = data ? Math.min(data.total, from + data.items.length - 1) : 0;
  return (
    <div className={styles.toolbar}>
      <div className={styles.controls}>
        <div className={styles.field}>
          <label htmlFor={sortId} className={styles.label}>
            {t('listing.sort')}
          </label>
          <select
            id={sortId}
            className={styles.select}
            {...sortSelect}
          >
            <option value={DEFAULT_SORT}>{t('listing.sortOptions.default')}</option>
            {SORT_ORDERS.map((order) => (
              <option key={order} value={order}>
                {t(`listing.sortOptions.${order}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="checkbox-field">
          <input
            id={availableId}
            type="checkbox"
            checked={available}
            onChange={(event) => onAvailableChange(event.currentTarget.checked)}
          />
          <label htmlFor={availableId}>{t('listing.available')}</label>
        </div>
      </div>
      <ListingLinks {...links} />
      <p className={styles.range} aria-live="polite" data-testid="listing-range">
        {data && data.items.length > 0 ? t('listing.range', { from, to, total: data.total }) : ''}
      </p>
    </div>
  );
}

/** Props of {@link OfferListing}. */
export interface OfferListingProps {
  /** List this section's offers (and its subsections'); omit for the whole catalogue. */
  sectionId?: string;
  /** Accessible name of the product list. */
  label: string;
  /** Shown in one row with the "Фильтры" button on narrow screens: the section's subsections. */
  lead?: ReactNode;
}

/**
 * A paged, sortable, filterable offer listing whose whole state lives in the URL
 * (`?sort=price&available=Y&vendor=HP&page=2`, see {@link useListingParams}): sort select
 * (shop order / `price` / `-price` / `name` / `new`), the "only available" checkbox (`available=Y`),
 * the shown range ("1–20 из 62"), the facet panel and the chosen filters' row (issue 35), the product grid (names
 * as `h2`: the listing sits right under the page's `h1`) and page links. Without JavaScript the orders and the flag
 * are links too ({@link ListingLinks}), and the facet panel is a GET form of links.
 *
 * The facets' layout is {@link FacetedLayout}'s.
 * Data: `GET /api/sections/{id}/offers` or `GET /api/offers`, {@link CATALOG_PAGE_SIZE} per page.
 */
export function OfferListing({ sectionId, label, lead }: OfferListingProps) {
  const { t } = useTranslation();
  const {
    sort,
    available,
    page,
    filters,
    setSort,
    setAvailable,
    setFilters,
    pageHref,
    sortHref,
    availableHref,
    filtersHref,
  } = useListingParams();
  const params: ListingParams = { page, perPage: CATALOG_PAGE_SIZE, sort, available, filters };
  // Exactly one of the two queries is enabled: hooks cannot be called conditionally.
  const all = useOffers(params, sectionId === undefined);
  const inSection = useSectionOffers(sectionId ?? '', params, sectionId !== undefined);
  const query = sectionId === undefined ? all : inSection;
  const facets = query.data?.facets ?? null;
  const refused = query.isError && query.error instanceof ApiError && query.error.status === 400 && filters.length > 0;

  let body;
  if (query.isPending) {
    body = <LoadingState />;
  } else if (refused) {
    body = <p className={styles.empty}>{t('filters.unknown')}</p>;
  } else if (query.isError) {
    body = <ErrorState onRetry={() => void query.refetch()} />;
  } else if (query.data.items.length === 0) {
    body =
      page > 1 && query.data.total > 0 ? (
        <p className={styles.empty}>
          {t('listing.pageOutOfRange')} <Link to={pageHref(1)}>{t('listing.firstPage')}</Link>
        </p>
      ) : (
        <p className={styles.empty}>
          {filters.length > 0 ? t('filters.empty') : available ? t('listing.emptyAvailable') : t('listing.empty')}
        </p>
      );
  } else {
    body = (
      <div className={query.isPlaceholderData ? styles.stale : undefined} aria-busy={query.isPlaceholderData}>
        <ProductGrid offers={query.data.items} label={label} headingLevel={2} />
        <Pagination page={query.data.page} pages={query.data.pages} hrefFor={pageHref} />
      </div>
    );
  }

  return (
    <FacetedLayout
      facets={facets}
      total={query.data?.total ?? 0}
      filters={filters}
      sort={sort}
      available={available}
      onFilters={setFilters}
      hrefFor={filtersHref}
      lead={lead}
      toolbar={
        <ListingToolbar
          sort={sort}
          available={available}
          sortHref={sortHref}
          availableHref={availableHref}
          onSortChange={setSort}
          onAvailableChange={setAvailable}
          data={query.data}
        />
      }
    >
      {body}
    </FacetedLayout>
  );
}
