/*
 * A listing's facet filters as its URL holds them (issue 35; docs/api.md "Facets"): pairs of a query key and a
 * value, in one canonical order, so a filtered page has one URL whatever order the shopper chose in, and the
 * server's page cache and render preload (`api::listing::canonical_filters`) name the same request.
 */
import { listingParams } from '@/config/paths';

/** One chosen filter: `['vendor', 'HP']`, `['p.Цвет', 'Чёрный']`, `['priceMin', '1000']`, `['p.Ресурс.min', '500']`. */
export type FilterPair = readonly [key: string, value: string];

const RANGE_SUFFIXES = ['.min', '.max'] as const;

/** Order of a filter key: prices, the vendor, the parameters; `null` for a key that is no filter. */
function rank(key: string): number | null {
  if (key === listingParams.priceMin) return 0;
  if (key === listingParams.priceMax) return 1;
  if (key === listingParams.vendor) return 2;
  if (key.startsWith(listingParams.paramPrefix)) return 3;
  return null;
}

/** Whether `key` takes one value (a price or a range's end) rather than a list. */
export function isSingleKey(key: string): boolean {
  return (rank(key) ?? 2) < 2 || RANGE_SUFFIXES.some((suffix) => key.endsWith(suffix));
}

/** Compares two strings as the server does (by code point; the same as `<` for the text feeds carry). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The filters of `pairs` in canonical order: `priceMin`, `priceMax`, the vendors, then the parameters by key, values
 * trimmed and sorted, each once; empty values dropped, and a single key's first value kept. Other keys are left out.
 */
export function canonicalFilters(pairs: Iterable<readonly [string, string]>): FilterPair[] {
  const kept: { rank: number; key: string; value: string }[] = [];
  for (const [key, raw] of pairs) {
    const order = rank(key);
    const value = raw.trim();
    if (order === null || value === '') continue;
    if (isSingleKey(key) ? kept.some((p) => p.key === key) : kept.some((p) => p.key === key && p.value === value)) {
      continue;
    }
    kept.push({ rank: order, key, value });
  }
  kept.sort((a, b) => a.rank - b.rank || compare(a.key, b.key) || compare(a.value, b.value));
  return kept.map(({ key, value }) => [key, value] as const);
}

/** The filters a URL query holds, canonical. */
export function readFilters(search: URLSearchParams): FilterPair[] {
  return canonicalFilters(search.entries());
}

/** `pairs` as {@link apiGet}'s parameters, in order: a list for a repeated key. */
export function filterQuery(pairs: readonly FilterPair[]): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of pairs) {
    if (isSingleKey(key)) query[key] = value;
    else query[key] = [...((query[key] as string[] | undefined) ?? []), value];
  }
  return query;
}

/** Whether `value` of facet `field` is chosen. */
export function isChosen(pairs: readonly FilterPair[], field: string, value: string): boolean {
  return pairs.some(([key, chosen]) => key === field && chosen === value);
}

/** `pairs` with `value` of facet `field` chosen, or no longer chosen when it was. */
export function toggleValue(pairs: readonly FilterPair[], field: string, value: string): FilterPair[] {
  return isChosen(pairs, field, value)
    ? pairs.filter(([key, chosen]) => !(key === field && chosen === value))
    : canonicalFilters([...pairs, [field, value]]);
}

/** `pairs` with single key `key` set to `value`, or removed when `value` is empty. */
export function setSingle(pairs: readonly FilterPair[], key: string, value: string): FilterPair[] {
  return canonicalFilters([...pairs.filter(([k]) => k !== key), [key, value]]);
}

/** `pairs` without `pair`; a range's end takes the range's other end with it (one chip is one range). */
export function withoutPair(pairs: readonly FilterPair[], [key, value]: FilterPair): FilterPair[] {
  const range = rangeOf(key);
  if (range) return pairs.filter(([k]) => k !== range.min && k !== range.max);
  return pairs.filter(([k, v]) => !(k === key && v === value));
}

/** The two keys of the range `key` is an end of (`priceMin` → price; `p.X.min` → `p.X`), or `null`. */
export function rangeOf(key: string): { field: string; min: string; max: string } | null {
  if (key === listingParams.priceMin || key === listingParams.priceMax) {
    return { field: 'price', min: listingParams.priceMin, max: listingParams.priceMax };
  }
  const suffix = RANGE_SUFFIXES.find((s) => key.startsWith(listingParams.paramPrefix) && key.endsWith(s));
  if (!suffix) return null;
  const field = key.slice(0, -suffix.length);
  return { field, min: `${field}.min`, max: `${field}.max` };
}

/**
 * The chosen filters as the row above the listing shows them: each value one, each range one (its two ends
 * together). `field` is the facet's key (`vendor`, `p.Цвет`, `price`, `p.Ресурс`); `pair` the pair a removal starts
 * from.
 */
export interface ChosenFilter {
  field: string;
  pair: FilterPair;
  /** The value, or for a range its ends (`null`: open). */
  value?: string;
  range?: { min: string | null; max: string | null };
}

/** {@link ChosenFilter}s of `pairs`, in their order. */
export function chosenFilters(pairs: readonly FilterPair[]): ChosenFilter[] {
  const chosen: ChosenFilter[] = [];
  for (const pair of pairs) {
    const range = rangeOf(pair[0]);
    if (!range) {
      chosen.push({ field: pair[0], pair, value: pair[1] });
      continue;
    }
    if (chosen.some((c) => c.range && c.field === range.field)) continue;
    const end = (key: string) => pairs.find(([k]) => k === key)?.[1] ?? null;
    chosen.push({ field: range.field, pair, range: { min: end(range.min), max: end(range.max) } });
  }
  return chosen;
}
