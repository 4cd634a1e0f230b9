import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Basket, BasketSummary } from '@/lib/api/types';
import { SESSION_SCOPED } from '@/lib/session';

/** Query key root of everything basket: the basket itself and the mini cart's summary. */
export const BASKET_QUERY_KEY = ['basket'] as const;

/** `GET /api/basket`: the session's basket and wishlist lines with catalogue prices, and the totals. */
export function getBasket(signal?: AbortSignal): Promise<Basket> {
  return apiGet<Basket>('/api/basket', { signal });
}

/** Query options for {@link getBasket} (key `['basket', 'lines']`). */
export const basketQueryOptions = queryOptions({
  queryKey: [...BASKET_QUERY_KEY, 'lines'] as const,
  meta: SESSION_SCOPED,
  queryFn: ({ signal }) => getBasket(signal),
});

/**
 * The basket (the offer buttons read their line from it); the slide cart passes `enabled: open` and the panels'
 * `retry`.
 */
export function useBasket(options: { enabled?: boolean; retry?: (count: number, error: unknown) => boolean } = {}) {
  return useQuery({ ...basketQueryOptions, ...options });
}

/** `GET /api/basket/summary`: the mini cart's `{count, quantity, sum, currencyId, delayCount}`. */
export function getBasketSummary(signal?: AbortSignal): Promise<BasketSummary> {
  return apiGet<BasketSummary>('/api/basket/summary', { signal });
}

/** Query options for {@link getBasketSummary} (key `['basket', 'summary']`). */
export const basketSummaryQueryOptions = queryOptions({
  queryKey: [...BASKET_QUERY_KEY, 'summary'] as const,
  meta: SESSION_SCOPED,
  queryFn: ({ signal }) => getBasketSummary(signal),
});

/** The mini cart's figures. */
export function useBasketSummary() {
  return useQuery(basketSummaryQueryOptions);
}
