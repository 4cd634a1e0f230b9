import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_COLLECTION_LIMIT } from '@/config/constants';
import { apiGet } from '@/lib/api-client';
import type { CollectionCode } from './listing-params';
import type { Offer, OfferList } from '@/lib/api/types';

/**
 * `GET /api/collections/{code}?limit=`: the offers of a home-page tab (`new`, `hits`, `sale`),
 * at most `limit` (1..=100) of them.
 */
export async function getCollection(code: CollectionCode, limit: number, signal?: AbortSignal): Promise<Offer[]> {
  const body = await apiGet<OfferList>(`/api/collections/${code}`, { params: { limit }, signal });
  return body.items;
}

/** Query options for {@link getCollection}. */
export function collectionQueryOptions(code: CollectionCode, limit: number = HOME_COLLECTION_LIMIT) {
  return queryOptions({
    queryKey: ['collection', code, limit],
    queryFn: ({ signal }) => getCollection(code, limit, signal),
  });
}

/** The offers of one home-page collection; fetched when its tab is first shown. */
export function useCollection(code: CollectionCode, limit: number = HOME_COLLECTION_LIMIT) {
  return useQuery(collectionQueryOptions(code, limit));
}
