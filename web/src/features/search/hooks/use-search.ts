import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { SEARCH_DELAY_MS } from '@/config/constants';
import {
  ALL_SECTIONS_ID,
  searchQueryKey,
  searchQueryOptions,
  type SearchAnswer,
  type SearchItem,
} from '../api/search';
import { readAvailabilityFlag, writeAvailabilityFlag } from '../utils/availability-flag';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ApiError } from '@/lib/api-client';

/**
 * Where a search field stands:
 * - `idle`: the text is empty (or blank): no results, nothing shown (spec §4);
 * - `loading`: a request runs (the wait indicator shows; `answer` may still hold the previous results);
 * - `success`: `answer` holds the results of the searched text;
 * - `error`: the request failed (`error` says why).
 */
export type SearchStatus = 'idle' | 'loading' | 'success' | 'error';

/** What {@link useSearch} gives a search field. */
export interface SearchState {
  /** The field's text, as typed. */
  text: string;
  /** Sets the text; results follow {@link SEARCH_DELAY_MS} after the last change (at once when empty or cached). */
  setText: (text: string) => void;
  /** The availability flag: `true` = in-stock only (`Y`), `false` = all (`N`, the default). Starts from its cookie. */
  available: boolean;
  /** Sets the flag, stores it in its cookie and re-runs the search for the current text at once (spec §4). */
  setAvailable: (available: boolean) => void;
  /** See {@link SearchStatus}. */
  status: SearchStatus;
  /**
   * The answer of the searched text (`total`, `sections`, the first page of `items`); while a newer text loads,
   * the previous answer. `undefined` when the text is empty or nothing answered yet.
   */
  answer: SearchAnswer | undefined;
  /** The trimmed text `answer` belongs to (`''` when none): the results page link and "Ничего не найдено" use it. */
  searchedText: string;
  /** The items to show: all of `answer` for section `"0"`, else only the chosen section's (spec §4). */
  items: SearchItem[];
  /** The chosen section id; `"0"` ("Все результаты") by default and after every new answer. */
  selectedSection: string;
  /** Chooses a section; fetches `section=ID` when the page holds fewer of its items than its `found`. */
  setSelectedSection: (id: string) => void;
  /** The failure behind status `error`, else `null`. */
  error: Error | null;
}

/** Options of {@link useSearch}. */
export interface UseSearchOptions {
  /**
   * Names the search field (e.g. `header`). Spec §5 caches results per field name, text and flag, and the field's
   * last text is remembered under it, so a closed and reopened popup shows its text and cached results at once.
   */
  fieldName: string;
}

/** The last text of each field (by field name) for the page's life: reopening a search popup or panel restores it. */
const rememberedTexts = new Map<string, string>();

/** The last text of the field `fieldName` this page's life (`''` when none): the header shows it while closed. */
export function getRememberedSearchText(fieldName: string): string {
  return rememberedTexts.get(fieldName) ?? '';
}

/**
 * Whether a search failed because the shop's search is still starting (503 `SEARCH_STARTING`: the index is being
 * built after a start, issue 20); the box says so instead of a generic error.
 */
export function isSearchStarting(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'SEARCH_STARTING';
}

/**
 * Sets the remembered text of the field `fieldName`: a search box of that field opening next starts from it (the
 * header field hands over what the shopper typed into it before the pop-up opened).
 */
export function rememberSearchText(fieldName: string, text: string): void {
  rememberedTexts.set(fieldName, text);
}

/**
 * Empties the search cache of `queryClient` (every field's answers) and the remembered texts. For tests; the app
 * keeps both for the page's life (answers unused for `SEARCH_CACHE_TIME_MS` are dropped).
 */
export function clearSearchCache(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ['search'] });
  rememberedTexts.clear();
}

/**
 * The instant product search of one field (issue 4; spec §4, §5, §9), with its answers in TanStack Query.
 *
 * - A change refreshes the results only when the trimmed text or the flag changed and the text is not empty,
 *   {@link SEARCH_DELAY_MS} after the last change; a request still in flight is aborted when a newer one starts
 *   (its query's `signal`, dropped as the key moves on).
 * - Answers are cached per field name, text and flag (`staleTime: Infinity`): a cached key shows its results at
 *   once, without the wait, and sends no request.
 * - An empty text clears the results at once and sends nothing.
 * - Changing the flag writes its cookie and searches the current text at once (unless cached).
 * - Section `"0"` shows every item; another shows only the items whose `categoryId` is that section, and when the
 *   page holds fewer of them than the section's `found`, fetches `section=ID` (cached too) and shows its items of
 *   that section.
 */
export function useSearch({ fieldName }: UseSearchOptions): SearchState {
  const queryClient = useQueryClient();
  const [text, setTextState] = useState(() => rememberedTexts.get(fieldName) ?? '');
  const [available, setAvailableState] = useState(readAvailabilityFlag);
  const [selection, setSelection] = useState<{ key: string; id: string } | null>(null);

  const trimmed = text.trim();
  const isEmptyOrCached = useCallback(
    (value: string) =>
      value === '' || queryClient.getQueryData(searchQueryKey(fieldName, value, available)) !== undefined,
    [queryClient, fieldName, available],
  );
  const [searchedText, flush] = useDebouncedValue(trimmed, SEARCH_DELAY_MS, isEmptyOrCached);
  const enabled = searchedText !== '';

  const main = useQuery({
    ...searchQueryOptions(fieldName, searchedText, available),
    enabled,
    placeholderData: keepPreviousData,
  });
  const answer = enabled ? main.data : undefined;

  // A new answer (text or flag) starts at "Все результаты".
  const answerKey = JSON.stringify([searchedText, available]);
  const selectedSection = selection?.key === answerKey ? selection.id : ALL_SECTIONS_ID;
  const section =
    selectedSection === ALL_SECTIONS_ID ? undefined : answer?.sections.find(({ id }) => id === selectedSection);
  const localItems = !answer
    ? []
    : selectedSection === ALL_SECTIONS_ID
      ? answer.items
      : answer.items.filter((item) => item.categoryId === selectedSection);
  const needsSectionFetch =
    answer !== undefined && !main.isPlaceholderData && section !== undefined && localItems.length < section.found;

  const sectionQuery = useQuery({
    ...searchQueryOptions(fieldName, searchedText, available, selectedSection),
    enabled: needsSectionFetch,
  });
  const sectionItems = needsSectionFetch
    ? sectionQuery.data?.items.filter((item) => item.categoryId === selectedSection)
    : undefined;
  const items = sectionItems ?? localItems;

  let status: SearchStatus;
  let error: Error | null = null;
  if (!enabled) status = 'idle';
  else if (main.isFetching || main.isPending || (needsSectionFetch && sectionQuery.isFetching)) status = 'loading';
  else if (main.isError || (needsSectionFetch && sectionQuery.isError)) {
    status = 'error';
    error = main.error ?? sectionQuery.error;
  } else status = 'success';

  const setText = useCallback(
    (next: string) => {
      rememberedTexts.set(fieldName, next);
      setTextState(next);
    },
    [fieldName],
  );

  const setAvailable = useCallback(
    (next: boolean) => {
      writeAvailabilityFlag(next);
      setAvailableState(next);
      flush();
    },
    [flush],
  );

  const setSelectedSection = useCallback((id: string) => setSelection({ key: answerKey, id }), [answerKey]);

  return {
    text,
    setText,
    available,
    setAvailable,
    status,
    answer,
    searchedText,
    items,
    selectedSection,
    setSelectedSection,
    error,
  };
}
