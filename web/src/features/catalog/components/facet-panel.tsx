import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { FACET_SEARCH_FROM, FACET_VALUES_SHOWN } from '@/config/constants';
import { listingParams } from '@/config/paths';
import { inPlaceLinkProps } from '@/components/ui/link-button';
import type { FacetItem, FacetValue, ListingFacets } from '@/lib/api/types';
import type { SortOrder } from '../api/listing-params';
import { type FilterPair, isChosen, isSingleKey, setSingle, toggleValue } from '../utils/filters';
import styles from './facet-panel.module.css';

/** Props of {@link FacetPanel}. */
export interface FacetPanelProps {
  facets: ListingFacets;
  /** Offers the chosen filters leave. */
  total: number;
  filters: readonly FilterPair[];
  sort?: SortOrder;
  available: boolean;
  /** The listing's path: the form's `action`. */
  action: string;
  /** Other parameters the form sends along without scripts (a search's `q`, `section`). */
  hidden?: readonly (readonly [string, string])[];
  /** Applies other filters (the URL changes; the listing and the counts follow). */
  onFilters: (filters: FilterPair[]) => void;
  /** The link of the listing with other filters: each value is one. */
  hrefFor: (filters: FilterPair[]) => string;
  /** In the slide panel: "Показать (N)" closes it, and the count is announced as it changes. */
  onShow?: () => void;
}

/** A typed number as the API reads it (`1 500,5` → `1500.5`), or `''` when it is none. */
function typedNumber(raw: string): string {
  const text = raw.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return text !== '' && Number.isFinite(Number(text)) && Number(text) >= 0 ? text : '';
}

/** The facet's heading: its name, and its unit after a comma (`Ресурс, стр.`). */
function facetTitle(facet: FacetItem): string {
  return facet.unit ? `${facet.name}, ${facet.unit}` : facet.name;
}

/** Props of {@link RangeFields}. */
interface RangeFieldsProps {
  name: string;
  /** The query keys of the two ends. */
  minKey: string;
  maxKey: string;
  filters: readonly FilterPair[];
  /** The span the other filters leave, as placeholders. */
  span: { min: number; max: number } | null;
  onFilters: (filters: FilterPair[]) => void;
}

/**
 * Two fields "от" and "до" of a range (the price, a numeric parameter), named by their query keys so that the GET
 * form sends them without JavaScript. With it, a field applies when it loses the focus or on Enter (the form's
 * submit); a value that is no number is dropped.
 */
function RangeFields({ name, minKey, maxKey, filters, span, onFilters }: RangeFieldsProps) {
  const { t } = useTranslation();
  const value = (key: string) => filters.find(([k]) => k === key)?.[1] ?? '';
  const commit = (key: string, raw: string) => {
    const typed = typedNumber(raw);
    if (typed !== value(key)) onFilters(setSingle(filters, key, typed));
  };
  const field = (key: string, label: string, placeholder: number | undefined) => (
    <input
      // A new URL value resets what was typed.
      key={`${key}=${value(key)}`}
      className={styles.number}
      type="text"
      inputMode="decimal"
      name={key}
      defaultValue={value(key)}
      placeholder={placeholder === undefined ? undefined : String(placeholder)}
      aria-label={label}
      autoComplete="off"
      onBlur={(event) => commit(key, event.currentTarget.value)}
    />
  );
  return (
    <div className={styles.range}>
      {field(minKey, t('filters.fromLabel', { name }), span?.min)}
      <span aria-hidden="true">–</span>
      {field(maxKey, t('filters.toLabel', { name }), span?.max)}
    </div>
  );
}

/** Props of {@link ValueLink}. */
interface ValueLinkProps {
  field: string;
  value: FacetValue;
  filters: readonly FilterPair[];
  onFilters: (filters: FilterPair[]) => void;
  hrefFor: (filters: FilterPair[]) => string;
}

/**
 * One value of a facet: a link to the listing with it chosen (or no longer chosen), acting as a checkbox (issue 35:
 * each value is a link, and a checkbox with its count in its name). With scripts a press applies it in place and
 * Space presses it; a press meant to open elsewhere (a modifier key) follows the link. A value that would leave
 * nothing is shown disabled, not hidden. Only a single vendor's page is indexable, so only links to one are
 * followed by crawlers.
 */
function ValueLink({ field, value, filters, onFilters, hrefFor }: ValueLinkProps) {
  const chosen = value.chosen || isChosen(filters, field, value.value);
  const next = toggleValue(filters, field, value.value);
  const { t } = useTranslation();
  // The count in the name: "Чёрный, 22"; an estimate (a search's many matches, counted over a sample) as
  // "Чёрный, около 12000", shown "≈12000".
  const name = `${value.value}, ${value.estimate ? t('filters.about', { count: value.count }) : value.count}`;
  const body = (
    <>
      <span className={styles.box} aria-hidden="true" />
      <span className={styles.label}>{value.value}</span>
      <span className={styles.count}>{value.estimate ? `≈${value.count}` : value.count}</span>
    </>
  );
  if (value.count === 0 && !chosen) {
    return (
      <span role="checkbox" aria-checked="false" aria-disabled="true" aria-label={name} className={styles.value}>
        {body}
      </span>
    );
  }
  const single = next.length === 1 && next[0]![0] === listingParams.vendor;
  return (
    <a
      href={hrefFor(next)}
      rel={single ? undefined : 'nofollow'}
      role="checkbox"
      aria-checked={chosen}
      aria-label={name}
      className={styles.value}
      {...inPlaceLinkProps(() => onFilters(next))}
    >
      {body}
    </a>
  );
}

/** Props of {@link FacetGroup}. */
interface FacetGroupProps extends Pick<FacetPanelProps, 'filters' | 'onFilters' | 'hrefFor'> {
  facet: FacetItem;
}

/**
 * One facet: a group named by its heading; a numeric one's range; its values, the first
 * {@link FACET_VALUES_SHOWN} and the rest behind "Показать все", with a search over them from
 * {@link FACET_SEARCH_FROM} values. Without scripts every value shows, and the search and toggle (`data-scripted`)
 * are hidden.
 */
function FacetGroup({ facet, filters, onFilters, hrefFor }: FacetGroupProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState('');
  const needle = query.trim().toLocaleLowerCase('ru').replaceAll('ё', 'е');
  const values = needle
    ? facet.values.filter((v) => v.value.toLocaleLowerCase('ru').replaceAll('ё', 'е').includes(needle))
    : facet.values;
  const title = facetTitle(facet);
  return (
    <div role="group" aria-labelledby={headingId} className={styles.group}>
      <h3 id={headingId} className={styles.groupTitle}>
        {title}
      </h3>
      {facet.range && (
        <RangeFields
          name={title}
          minKey={`${facet.field}.min`}
          maxKey={`${facet.field}.max`}
          filters={filters}
          span={facet.range}
          onFilters={onFilters}
        />
      )}
      {facet.values.length >= FACET_SEARCH_FROM && (
        <input
          type="search"
          className={styles.search}
          data-scripted=""
          aria-label={t('filters.search', { name: facet.name })}
          placeholder={t('filters.search', { name: facet.name })}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      )}
      {values.length > 0 && (
        <ul className={styles.values}>
          {values.map((value, i) => (
            <li key={value.value} className={!expanded && !needle && i >= FACET_VALUES_SHOWN ? styles.extra : undefined}>
              <ValueLink field={facet.field} value={value} filters={filters} onFilters={onFilters} hrefFor={hrefFor} />
            </li>
          ))}
        </ul>
      )}
      {facet.values.length > FACET_VALUES_SHOWN && !needle && (
        <button
          type="button"
          className={styles.more}
          data-scripted=""
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t('filters.showLess') : t('filters.showAll', { count: facet.values.length })}
        </button>
      )}
    </div>
  );
}

/**
 * The facet panel of a listing (issue 35): the price range, then each facet. It is a GET form to the listing's own
 * path, so without scripts the ranges are sent by "Показать (N)" and each value is a link; the chosen values, the
 * order and the stock flag ride along as hidden fields. With scripts every change applies at once (the URL, the
 * listing and the counts follow), and "Показать (N)" applies typed ranges and, in the slide panel, closes it.
 */
export function FacetPanel({
  facets,
  total,
  filters,
  sort,
  available,
  action,
  hidden = [],
  onFilters,
  hrefFor,
  onShow,
}: FacetPanelProps) {
  const { t } = useTranslation();
  const priceId = useId();
  const priceName = `${t('filters.price')}, ${facets.currencyId === 'RUB' ? '₽' : facets.currencyId}`;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let next = [...filters];
    for (const input of event.currentTarget.querySelectorAll<HTMLInputElement>('input[inputmode="decimal"]')) {
      next = setSingle(next, input.name, typedNumber(input.value));
    }
    if (next.join('|') !== filters.join('|')) onFilters(next);
    onShow?.();
  };
  return (
    <form method="get" action={action} className={styles.panel} onSubmit={onSubmit} noValidate>
      {hidden.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      {sort && <input type="hidden" name={listingParams.sort} value={sort} />}
      {available && <input type="hidden" name={listingParams.available} value="Y" />}
      {filters
        .filter(([key]) => !isSingleKey(key))
        .map(([key, value]) => (
          <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
        ))}
      {facets.price && (
        <div role="group" aria-labelledby={priceId} className={styles.group}>
          <h3 id={priceId} className={styles.groupTitle}>
            {priceName}
          </h3>
          <RangeFields
            name={priceName}
            minKey={listingParams.priceMin}
            maxKey={listingParams.priceMax}
            filters={filters}
            span={facets.price}
            onFilters={onFilters}
          />
        </div>
      )}
      {facets.items.map((facet) => (
        <FacetGroup key={facet.field} facet={facet} filters={filters} onFilters={onFilters} hrefFor={hrefFor} />
      ))}
      <div className={styles.actions}>
        <button type="submit" className={`button ${styles.show}`}>
          {t('filters.show', { count: total })}
        </button>
        {filters.length > 0 && (
          <a href={hrefFor([])} className={styles.reset} {...inPlaceLinkProps(() => onFilters([]))}>
            {t('filters.reset')}
          </a>
        )}
      </div>
      {onShow && (
        <p className="visually-hidden" aria-live="polite">
          {t('filters.found', { count: total })}
        </p>
      )}
      <noscript>
        <style>{`.${styles.extra}{display:block}[data-scripted]{display:none}`}</style>
      </noscript>
    </form>
  );
}
