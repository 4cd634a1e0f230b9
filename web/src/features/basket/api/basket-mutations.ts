import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError, apiSend } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import type { Basket } from '@/lib/api/types';
import { signalBasketChange, type BasketChangeKind } from '../hooks/basket-signals';
import { withQuantity } from '../utils/money';
import { BASKET_QUERY_KEY, basketQueryOptions, basketSummaryQueryOptions } from './get-basket';

/** Body of {@link addToBasket}. */
export interface AddToBasketInput {
  offerId: string;
  /** Pieces to add, 1..=`BASKET_MAX_QUANTITY`; 1 by default. */
  quantity?: number;
  /** `true` puts the line into the wishlist. */
  delay?: boolean;
}

/**
 * `POST /api/basket/items`: adds pieces of an offer to its line (making it when new). Answers the whole basket.
 * @throws {ApiError} 409 `OFFER_UNAVAILABLE` / `OFFER_REMOVED` / `BASKET_QUANTITY_LIMIT`, 404 `OFFER_NOT_FOUND`.
 */
export function addToBasket(input: AddToBasketInput): Promise<Basket> {
  return apiSend<Basket>('POST', '/api/basket/items', { quantity: 1, delay: false, ...input });
}

/** Body of {@link updateBasketLine}: what to change. */
export interface UpdateBasketLineInput {
  id: number;
  /** New quantity, 1..=`BASKET_MAX_QUANTITY`. */
  quantity?: number;
  /** Move to (`true`) or from (`false`) the wishlist. */
  delay?: boolean;
}

/** `PATCH /api/basket/items/{id}`. @throws {ApiError} 400 `QUANTITY_INVALID`, 404 `BASKET_LINE_NOT_FOUND`. */
export function updateBasketLine({ id, ...change }: UpdateBasketLineInput): Promise<Basket> {
  return apiSend<Basket>('PATCH', `/api/basket/items/${id}`, change);
}

/** `DELETE /api/basket/items/{id}`. @throws {ApiError} 404 `BASKET_LINE_NOT_FOUND`. */
export function removeBasketLine(id: number): Promise<Basket> {
  return apiSend<Basket>('DELETE', `/api/basket/items/${id}`);
}

/**
 * Every basket change runs in one queue (TanStack's mutation scope): a second click waits for the first answer, so
 * answers never arrive out of order and an optimistic update's rollback never undoes a later change.
 */
const BASKET_SCOPE = { id: 'basket' } as const;

/**
 * After a basket mutation: the answer becomes the cached basket, the mini cart's summary reloads (spec §4 "the cart
 * reloads"), and the change is signalled (the icon of `kind` shakes; `announcement` goes to the live region).
 */
function useSettle() {
  const queryClient = useQueryClient();
  return async (basket: Basket, kind: BasketChangeKind, announcement?: string) => {
    // A fetch of the basket still on its way began before this change (a press in a page's first moments comes
    // while the page's basket loads; issue 33): its older answer must not land over this one.
    await queryClient.cancelQueries({ queryKey: basketQueryOptions.queryKey });
    queryClient.setQueryData(basketQueryOptions.queryKey, basket);
    void queryClient.invalidateQueries({ queryKey: basketSummaryQueryOptions.queryKey });
    signalBasketChange(kind, announcement);
  };
}

/** Adds to the basket or the wishlist; announces "Товар добавлен в корзину" (or "… в избранное"). */
export function useAddToBasket() {
  const { t } = useTranslation();
  const settle = useSettle();
  return useMutation({
    scope: BASKET_SCOPE,
    mutationFn: addToBasket,
    onSuccess: (basket, input) =>
      settle(basket, input.delay ? 'delay' : 'basket', t(input.delay ? 'basket.addedToWishlist' : 'basket.added')),
  });
}

/**
 * Changes a line. A quantity change is optimistic (the server is expected to agree): the cached basket shows the
 * new quantity, line sum and totals at once, and is rolled back when the server refuses (the caller shows the
 * mutation's error). Moving a line into the wishlist (`delay: true`) waits for the server and shakes the wishlist
 * icon; moving it back shakes the cart.
 */
export function useUpdateBasketLine() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settle = useSettle();
  const key = basketQueryOptions.queryKey;
  return useMutation({
    scope: BASKET_SCOPE,
    mutationFn: updateBasketLine,
    onMutate: async (input) => {
      if (input.quantity === undefined) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Basket>(key);
      if (previous) queryClient.setQueryData(key, withQuantity(previous, input.id, input.quantity));
      return { previous };
    },
    onError: (error, _input, context) => {
      // A line another tab removed: the basket is stale, so reload it rather than put the old one back.
      if (error instanceof ApiError && error.code === 'BASKET_LINE_NOT_FOUND') {
        void queryClient.invalidateQueries({ queryKey: BASKET_QUERY_KEY });
      } else if (context?.previous) {
        queryClient.setQueryData(key, context.previous);
      }
    },
    onSuccess: (basket, input) =>
      settle(
        basket,
        input.delay === true ? 'delay' : 'basket',
        input.delay === undefined
          ? quantityAnnouncement(basket, input.id, t)
          : t(input.delay ? 'basket.movedToWishlist' : 'basket.added'),
      ),
  });
}

/**
 * What a quantity change announces (issue 19: "+" and "−" change the total, which a screen reader must hear): the
 * line's new quantity and the basket's new total, from the server's answer.
 */
function quantityAnnouncement(basket: Basket, id: number, t: TFunction): string | undefined {
  const line = basket.lines.find((item) => item.id === id);
  if (!line) return undefined;
  return t('basket.quantityChanged', {
    name: line.offer.name,
    count: line.quantity,
    total: formatMoney(basket.totals.sum, basket.totals.currencyId),
  });
}

/** Removes a line (`delay` tells which icon shakes: the wishlist's or the cart's). */
export function useRemoveBasketLine() {
  const { t } = useTranslation();
  const settle = useSettle();
  return useMutation({
    scope: BASKET_SCOPE,
    mutationFn: ({ id }: { id: number; delay: boolean }) => removeBasketLine(id),
    onSuccess: (basket, input) =>
      settle(basket, input.delay ? 'delay' : 'basket', t(input.delay ? 'basket.removedFromWishlist' : 'basket.removed')),
  });
}
