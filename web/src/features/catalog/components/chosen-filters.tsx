import { useTranslation } from '@/i18n/use-translation';
import { listingParams } from '@/config/paths';
import { inPlaceLinkProps } from '@/components/ui/link-button';
import type { ListingFacets } from '@/lib/api/types';
import { type ChosenFilter, type FilterPair, chosenFilters, withoutPair } from '../utils/filters';
import styles from './chosen-filters.module.css';

/** Props of {@link ChosenFilters}. */
export interface ChosenFiltersProps {
  filters: readonly FilterPair[];
  /** The listing's facets, for their names; `null` when the listing did not load (an unknown filter). */
  facets: ListingFacets | null;
  onFilters: (filters: FilterPair[]) => void;
  hrefFor: (filters: FilterPair[]) => string;
}

/**
 * The row of chosen filters above a listing (issue 35): each value and each range one link that removes it, and
 * "Сбросить" removing them all. Links, so they work without scripts; with them, in place. A filter the catalogue
 * no longer has shows too, so the shopper can remove it. Renders nothing when no filter is chosen.
 */
export function ChosenFilters({ filters, facets, onFilters, hrefFor }: ChosenFiltersProps) {
  const { t } = useTranslation();
  const chosen = chosenFilters(filters);
  if (chosen.length === 0) return null;
  const nameOf = (field: string) => {
    if (field === 'price') return t('filters.price');
    const facet = facets?.items.find((f) => f.field === field);
    if (facet) return facet.name;
    return field === listingParams.vendor ? t('filters.vendor') : field.slice(listingParams.paramPrefix.length);
  };
  const text = (filter: ChosenFilter) => {
    const { range } = filter;
    if (!range) return `${nameOf(filter.field)}: ${filter.value}`;
    const span =
      range.min !== null && range.max !== null
        ? t('filters.rangeBoth', { min: range.min, max: range.max })
        : range.min !== null
          ? t('filters.rangeFrom', { min: range.min })
          : t('filters.rangeTo', { max: range.max });
    return `${nameOf(filter.field)}: ${span}`;
  };
  return (
    <div className={styles.row}>
      <ul className={styles.list} aria-label={t('filters.chosen')}>
        {chosen.map((filter) => {
          const label = text(filter);
          const next = withoutPair(filters, filter.pair);
          return (
            <li key={`${filter.pair[0]}=${filter.pair[1]}`}>
              <a
                href={hrefFor(next)}
                rel="nofollow"
                className={styles.chip}
                aria-label={t('filters.remove', { label })}
                {...inPlaceLinkProps(() => onFilters(next))}
              >
                {label}
                <span aria-hidden="true" className={styles.cross}>
                  ×
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      <a href={hrefFor([])} className={styles.reset} {...inPlaceLinkProps(() => onFilters([]))}>
        {t('filters.reset')}
      </a>
    </div>
  );
}
