import { describe, expect, it } from 'vitest';
import { discountPercent, formatDateUtc, formatMoney } from './format';

/** Intl uses no-break spaces (U+00A0, U+202F); compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('shows a whole amount without fraction digits and groups thousands', () => {
    expect(plain(formatMoney(1480, 'RUB'))).toBe('1 480 ₽');
    expect(plain(formatMoney(1234567, 'RUB'))).toBe('1 234 567 ₽');
  });

  it('shows a fractional amount with exactly two digits', () => {
    expect(plain(formatMoney(3.54, 'RUB'))).toBe('3,54 ₽');
    expect(plain(formatMoney(3.5, 'RUB'))).toBe('3,50 ₽');
  });

  it('uses a no-break space so a price never wraps', () => {
    expect(formatMoney(1480, 'RUB')).not.toContain(' ');
  });

  it('formats other currencies by their code', () => {
    expect(plain(formatMoney(10, 'USD'))).toBe('10 $');
    expect(plain(formatMoney(12.5, 'EUR'))).toBe('12,50 €');
    expect(plain(formatMoney(990, 'KZT'))).toMatch(/^990 (₸|KZT)$/);
  });

  it('falls back to the code when the currency is malformed', () => {
    expect(plain(formatMoney(100, 'RUBLES'))).toBe('100 RUBLES');
  });
});

describe('discountPercent', () => {
  it('rounds the saving to whole percent', () => {
    expect(discountPercent(1480, 1990)).toBe(26);
    expect(discountPercent(50, 100)).toBe(50);
  });

  it('is null without a real old price', () => {
    expect(discountPercent(100, null)).toBeNull();
    expect(discountPercent(100, undefined)).toBeNull();
    expect(discountPercent(100, 100)).toBeNull();
    expect(discountPercent(100, 90)).toBeNull();
  });

  it('never shows a zero discount', () => {
    expect(discountPercent(999, 1000)).toBe(1);
  });
});

describe('formatDateUtc', () => {
  it('gives the UTC calendar date in the order of the language, without Intl', () => {
    expect(formatDateUtc('2026-11-21T23:13:56Z', 'ru')).toBe('21.11.2026');
    expect(formatDateUtc('2026-01-02T00:00:00+03:00', 'ru')).toBe('01.01.2026');
    expect(formatDateUtc('2026-11-21T23:13:56Z', 'en')).toBe('11/21/2026');
    expect(formatDateUtc('not a date', 'ru')).toBe('not a date');
  });
});
