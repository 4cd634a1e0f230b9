import { describe, expect, it } from 'vitest';
import { makeOffer } from '@/test/fixtures';
import type { Basket } from '@/lib/api/types';
import { currencyExponent, toMajor, toMinor, withQuantity } from './money';

describe('money helpers', () => {
  it('know the minor unit of a currency', () => {
    expect(currencyExponent('RUB')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(toMinor(3.54, 'RUB')).toBe(354);
    expect(toMajor(354, 'RUB')).toBe(3.54);
  });

  it('recompute a line and the totals in minor units, without float drift', () => {
    const basket: Basket = {
      lines: [
        { id: 1, offer: makeOffer({ id: 'a', price: 0.1 }), quantity: 3, sum: 0.3, delay: false },
        { id: 2, offer: makeOffer({ id: 'b', price: 0.2 }), quantity: 1, sum: 0.2, delay: false },
        { id: 3, offer: makeOffer({ id: 'c', price: 100 }), quantity: 1, sum: 100, delay: true },
      ],
      totals: { count: 2, quantity: 4, sum: 0.5, currencyId: 'RUB', delayCount: 1 },
    };
    const next = withQuantity(basket, 1, 7);
    expect(next.lines[0]).toMatchObject({ quantity: 7, sum: 0.7 });
    expect(next.totals).toMatchObject({ quantity: 8, sum: 0.9, count: 2, delayCount: 1 });
    expect(basket.lines[0]!.quantity).toBe(3);
  });
});
