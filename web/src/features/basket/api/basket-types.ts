/*
 * Wire types of the basket API (docs/api.md "Basket"). Money is exact JSON numbers in major units of `currencyId`.
 */
import type { Offer } from '@/lib/api/offer-types';

/** One line of the basket or the wishlist (`delay`). */
export interface BasketLine {
  /** The line's id, for `PATCH`/`DELETE /api/basket/items/{id}`. */
  id: number;
  /** The offer as the catalogue has it now (price, availability, picture). */
  offer: Offer;
  /** Pieces, 1..=`BASKET_MAX_QUANTITY`. */
  quantity: number;
  /** `offer.price × quantity`, major units. */
  sum: number;
  /** `true`: the line is in the wishlist ("delay"), not in the basket. */
  delay: boolean;
}

/** The mini cart's figures (`GET /api/basket/summary`, and `totals` of the basket). */
export interface BasketSummary {
  /** Basket lines (not the wishlist's). */
  count: number;
  /** Pieces over the basket lines. */
  quantity: number;
  /** Sum of the basket lines, major units of `currencyId`. */
  sum: number;
  currencyId: string;
  /** Wishlist lines. */
  delayCount: number;
}

/** `GET /api/basket`, and the answer of every basket mutation. */
export interface Basket {
  /** Basket and wishlist lines, oldest first. */
  lines: BasketLine[];
  totals: BasketSummary;
}

/** The kinds of change the mini cart reacts to (spec §4): the basket's or the wishlist's. */
export type BasketChangeKind = 'basket' | 'delay';

/** Refusals of a basket change the UI explains by code (`basket.errors.*`); `generic` stands for any other. */
export const BASKET_ERROR_CODES = [
  'OFFER_UNAVAILABLE',
  'OFFER_REMOVED',
  'OFFER_NOT_FOUND',
  'BASKET_QUANTITY_LIMIT',
  'BASKET_LINES_LIMIT',
  'QUANTITY_INVALID',
  'BASKET_LINE_NOT_FOUND',
  'generic',
] as const;

/** One of {@link BASKET_ERROR_CODES}. */
export type BasketErrorCode = (typeof BASKET_ERROR_CODES)[number];

/** The `basket.errors.*` message of a failed basket request (by the server's code; `generic` for others). */
export function basketErrorKey(error: unknown): `basket.errors.${BasketErrorCode}` {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';
  const known = BASKET_ERROR_CODES.find((c) => c === code && c !== 'generic');
  return `basket.errors.${known ?? 'generic'}`;
}
