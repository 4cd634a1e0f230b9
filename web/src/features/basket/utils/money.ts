import type { Basket, BasketLine } from '@/lib/api/types';

const exponents = new Map<string, number>();

/** Decimal places of `currencyId`'s minor unit (ISO 4217 via `Intl`; 2 when the code is unknown). */
export function currencyExponent(currencyId: string): number {
  let exponent = exponents.get(currencyId);
  if (exponent === undefined) {
    try {
      exponent = new Intl.NumberFormat('en', { style: 'currency', currency: currencyId }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      exponent = 2;
    }
    exponents.set(currencyId, exponent ?? 2);
  }
  return exponent ?? 2;
}

/** `amount` (major units, as the API sends it) in whole minor units: `3.54 RUB` → `354`. */
export function toMinor(amount: number, currencyId: string): number {
  return Math.round(amount * 10 ** currencyExponent(currencyId));
}

/** Minor units back to major units for display (`354` → `3.54`). */
export function toMajor(minor: number, currencyId: string): number {
  return minor / 10 ** currencyExponent(currencyId);
}

/**
 * The basket as it will be once line `id` holds `quantity` pieces, for the optimistic update: the line's sum and
 * the totals recomputed in integer minor units (never float sums), as the server does.
 */
export function withQuantity(basket: Basket, id: number, quantity: number): Basket {
  const lines: BasketLine[] = basket.lines.map((line) =>
    line.id === id
      ? { ...line, quantity, sum: toMajor(toMinor(line.offer.price, line.offer.currencyId) * quantity, line.offer.currencyId) }
      : line,
  );
  const inBasket = lines.filter((line) => !line.delay && line.offer.currencyId === basket.totals.currencyId);
  const sumMinor = inBasket.reduce((sum, line) => sum + toMinor(line.offer.price, line.offer.currencyId) * line.quantity, 0);
  return {
    lines,
    totals: {
      ...basket.totals,
      quantity: inBasket.reduce((sum, line) => sum + line.quantity, 0),
      sum: toMajor(sumMinor, basket.totals.currencyId),
    },
  };
}
