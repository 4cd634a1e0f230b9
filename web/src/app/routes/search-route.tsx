import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useHydrated } from '@/lib/use-hydrated';
import { useNavigate, useSearchParams } from 'react-router';
import { SEARCH_PAGE_SIZE } from '@/config/constants';
import { paths, searchParams as keys, searchResultsPath } from '@/config/paths';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Pagination } from '@/components/ui/pagination';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { PageHeading } from '@/components/ui/page-heading';
import { ALL_SECTIONS_ID, searchPageQueryOptions } from '@/features/search/api/search';
import { SearchItemView } from '@/features/search/components/search-item';
import { SearchSections } from '@/features/search/components/search-sections';
import { readAvailabilityFlag, writeAvailabilityFlag } from '@/features/search/utils/availability-flag';
import { FacetedLayout } from '@/features/catalog/components/faceted-layout';
import { readFilters, type FilterPair } from '@/features/catalog/utils/filters';
import { PageTitle } from '../page-title';
import styles from './search-route.module.css';
import { isYes } from '@/config/yes-no';

/** A positive whole page number from the URL, else 1. */
function pageFrom(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The full search results page `/search/?q=TEXT&available=Y|N&section=ID&page=N` (issue 4): where Enter in the
 * instant search leads with no item chosen, and a page a shopper can bookmark or share.
 *
 * Its own field and "Только в наличии" checkbox (the flag also goes to the cookie the instant search reads; with
 * no `available` in the URL the cookie decides), the sections with their counts, the items of the page
 * ({@link SEARCH_PAGE_SIZE} a page) and page links. Choosing a section asks the server for that section and its
 * subsections (`section=ID`) and pages through them. The facets of the matches narrow them as a listing's do
 * (issue 35, {@link FacetedLayout}); the whole state lives in the URL.
 */
export function SearchRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const text = (params.get(keys.text) ?? '').trim();
  const availableParam = params.get(keys.available);
  // The cookie is the visitor's own: a server-rendered page is drawn without it (all offers), and the browser
  // applies it once hydrated (issue 22).
  const hydrated = useHydrated();
  const available = availableParam === null ? hydrated && readAvailabilityFlag() : isYes(availableParam);
  const section = params.get(keys.section) ?? ALL_SECTIONS_ID;
  const page = pageFrom(params.get(keys.page));
  const filters = readFilters(params);
  const inputId = useId();
  const availableId = useId();
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);

  const query = useQuery({
    ...searchPageQueryOptions({ text, available, section, page, filters }),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });
  const answer = text !== '' ? query.data : undefined;
  const pages = answer ? Math.ceil(answer.itemsTotal / SEARCH_PAGE_SIZE) : 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) navigate(searchResultsPath(draft.trim(), available));
  };
  const onAvailableChange = (next: boolean) => {
    writeAvailabilityFlag(next);
    if (text) navigate(searchResultsPath(text, next, section, 1, filters));
  };
  // The filters keep the text, flag and section, and lead to the first page.
  const filtersHref = (next: FilterPair[]) => searchResultsPath(text, available, section, 1, next);
  const onFilters = (next: FilterPair[]) => navigate(filtersHref(next), { preventScrollReset: true });
  const hidden: [string, string][] = [
    [keys.text, text],
    [keys.available, available ? 'Y' : 'N'],
    ...(section !== ALL_SECTIONS_ID ? [[keys.section, section] as [string, string]] : []),
  ];

  const heading = text ? t('search.pageHeading', { query: text }) : t('search.pageTitle');
  return (
    <>
      <PageTitle title={heading} />
      <Breadcrumbs items={[{ label: t('nav.home'), to: paths.home }, { label: t('search.pageTitle') }]} />
      <PageHeading>{heading}</PageHeading>

      <form role="search" className={styles.searchForm} onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id={inputId}
          className={styles.searchInput}
          type="search"
          name={keys.text}
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
        <button type="submit" className="button">
          {t('search.submit')}
        </button>
        <div className={`checkbox-field ${styles.searchCheckbox}`}>
          <input
            id={availableId}
            type="checkbox"
            name={keys.available}
            value="Y"
            checked={available}
            onChange={(event) => onAvailableChange(event.currentTarget.checked)}
          />
          <label htmlFor={availableId}>{t('search.available')}</label>
        </div>
      </form>

      {text === '' ? (
        <p className={styles.muted}>{t('search.pageEmpty')}</p>
      ) : query.isPending ? (
        <LoadingState />
      ) : query.isError && !answer ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : answer ? (
        <FacetedLayout
          facets={answer.facets}
          total={answer.total}
          filters={filters}
          available={available}
          hidden={hidden}
          onFilters={onFilters}
          hrefFor={filtersHref}
          className={styles.block}
        >
        <section aria-busy={query.isFetching} data-testid="search-page-results">
          {answer.total > 0 ? (
            <SearchSections
              summary={
                <p className={styles.muted} role="status">
                  {t('search.found', { count: answer.total })}
                </p>
              }
              sections={answer.sections}
              selected={section}
              onSelect={(id) => navigate(searchResultsPath(text, available, id, 1, filters))}
            />
          ) : (
            <p className={styles.muted} role="status">
              {filters.length > 0 ? t('filters.empty') : t('search.nothing')}
            </p>
          )}
          {answer.partial && answer.items.length > 0 && (
            <p className={`${styles.muted} ${styles.partial}`} data-testid="search-partial">
              {answer.exact > 0 ? t('search.partialSome', { count: answer.exact }) : t('search.partialNone')}
            </p>
          )}
          {answer.items.length > 0 && (
            <ul className={styles.searchList} aria-label={t('search.items')}>
              {answer.items.map((item) => (
                <li key={item.id}>
                  <SearchItemView item={item} />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={page}
            pages={pages}
            hrefFor={(target) => searchResultsPath(text, available, section, target, filters)}
          />
        </section>
        </FacetedLayout>
      ) : null}
    </>
  );
}
