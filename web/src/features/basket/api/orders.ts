import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { SESSION_SCOPED } from '@/lib/session';

/** Delivery methods of the checkout (docs/api.md "Orders"). */
export const DELIVERY_METHODS = ['pickup', 'courier'] as const;
/** One of {@link DELIVERY_METHODS}. */
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Payment methods of the checkout. */
export const PAYMENT_METHODS = ['cash', 'card_on_delivery'] as const;
/** One of {@link PAYMENT_METHODS}. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

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

/** One line of a placed order: what the offer was when ordered. Money in major units of the order's currency. */
export interface OrderLine {
  offerId: string;
  name: string;
  vendorCode: string | null;
  url: string | null;
  picture: string | null;
  price: number;
  quantity: number;
  sum: number;
}

/** `GET /api/orders/{number}`. */
export interface Order {
  number: string;
  status: string;
  /** RFC 3339. */
  createdAt: string;
  name: string;
  phone: string;
  email: string | null;
  city: string;
  address: string | null;
  deliveryMethod: DeliveryMethod;
  paymentMethod: PaymentMethod;
  comment: string | null;
  lines: OrderLine[];
  total: number;
  currencyId: string;
}

/**
 * `POST /api/orders`: turns the basket's lines (not the wishlist's) into an order; answers `{number}`.
 * @throws {ApiError} 422 with field errors (`FORMS_NOT_EMPTY_INVALID`, `FORMS_PHONE_WRONG`, …), 409 `BASKET_EMPTY`,
 *   409 `OFFER_UNAVAILABLE` (one error per offer).
 */
export function placeOrder(input: OrderInput): Promise<{ number: string }> {
  return apiSend<{ number: string }>('POST', '/api/orders', input);
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
