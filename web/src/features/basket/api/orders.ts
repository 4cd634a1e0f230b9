import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import type { DeliveryMethod, Order, PaymentMethod, PlacedOrder } from '@/lib/api/types';
import { SESSION_SCOPED } from '@/lib/session';

export type { DeliveryMethod, Order, OrderLine, PaymentMethod } from '@/lib/api/types';

/** Delivery methods of the checkout (docs/api.md "Orders"), in the form's order; each one the API's. */
export const DELIVERY_METHODS = ['pickup', 'courier'] as const satisfies readonly DeliveryMethod[];

/** Payment methods of the checkout, in the form's order; each one the API's. */
export const PAYMENT_METHODS = ['cash', 'card_on_delivery'] as const satisfies readonly PaymentMethod[];

/** Body of `POST /api/orders`. */
export interface OrderInput {
  name: string;
  /** International format, `+7 912 345-67-89`. */
  phone: string;
  /** The phone's country, ISO 3166-1 alpha-2 (lower case). */
  phoneCountry: string;
  email: string;
  city: string;
  /** Required for `courier`. */
  address: string;
  deliveryMethod: DeliveryMethod;
  paymentMethod: PaymentMethod;
  comment: string;
}


/**
 * `POST /api/orders`: turns the basket's lines (not the wishlist's) into an order; answers `{number}`.
 * @throws {ApiError} 422 with field errors (`FORMS_NOT_EMPTY_INVALID`, `FORMS_PHONE_WRONG`, …), 409 `BASKET_EMPTY`,
 *   409 `OFFER_UNAVAILABLE` (one error per offer).
 */
export function placeOrder(input: OrderInput): Promise<PlacedOrder> {
  return apiSend<PlacedOrder>('POST', '/api/orders', input);
}

/** `GET /api/orders/{number}`: an order of this session. @throws {ApiError} 404 `ORDER_NOT_FOUND`. */
export function getOrder(number: string, signal?: AbortSignal): Promise<Order> {
  return apiGet<Order>(`/api/orders/${encodeURIComponent(number)}`, { signal });
}

/** Query options for {@link getOrder}. */
export function orderQueryOptions(number: string) {
  return queryOptions({
    queryKey: ['order', number],
    meta: SESSION_SCOPED,
    queryFn: ({ signal }) => getOrder(number, signal),
  });
}

/** The order `number`. */
export function useOrder(number: string) {
  return useQuery(orderQueryOptions(number));
}

/**
 * `GET /api/orders/guest/{token}`: the order a guest link names (issue 37), without a session.
 * @throws {ApiError} 404 `ORDER_NOT_FOUND` for a wrong token.
 */
export function getGuestOrder(token: string, signal?: AbortSignal): Promise<Order> {
  return apiGet<Order>(`/api/orders/guest/${encodeURIComponent(token)}`, { signal });
}

/** The order the guest link's `token` names; not asked for without a token. */
export function useGuestOrder(token: string) {
  return useQuery({
    queryKey: ['guest-order', token],
    queryFn: ({ signal }) => getGuestOrder(token, signal),
    enabled: token !== '',
  });
}
