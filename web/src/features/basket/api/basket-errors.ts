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
