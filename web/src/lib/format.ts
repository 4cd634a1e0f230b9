import { MONEY_LOCALE } from '@/config/constants';

const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(locale: string, currencyId: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${currencyId}|${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currencyId,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats a price for display: `formatMoney(1480, 'RUB')` → `1 480 ₽`, `formatMoney(3.54, 'RUB')` → `3,54 ₽`.
 *
 * `amount` is in major units, as the API sends it (docs/api.md "Money": exact decimals from the
 * stored minor units); `currencyId` is an ISO 4217 code (`RUB`, `KZT`, `BYN`, `USD`, `EUR`, `UAH`).
 * Whole amounts get no fraction digits, others exactly two. The separators are the locale's
 * (Russian: a no-break space groups thousands and precedes the sign; a comma before kopecks).
 * An unknown or malformed currency code falls back to `1 480 XYZ` instead of throwing.
 */
export function formatMoney(amount: number, currencyId: string, locale: string = MONEY_LOCALE): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  try {
    return moneyFormatter(locale, currencyId, fractionDigits).format(amount);
  } catch {
    const number = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(amount);
    return `${number}\u00a0${currencyId}`;
  }
}

/**
 * The discount of `price` against `oldPrice`, in whole percent rounded to nearest
 * (`discountPercent(1480, 1990)` → 26), or `null` when there is no real discount
 * (no old price, or an old price not above the price). Never returns 0: a discount under
 * half a percent is shown as 1 %.
 */
export function discountPercent(price: number, oldPrice: number | null | undefined): number | null {
  if (oldPrice == null || !(oldPrice > price) || oldPrice <= 0) return null;
  return Math.max(1, Math.round(((oldPrice - price) / oldPrice) * 100));
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment for display in the interface language: `formatDateTime('2026-11-21T12:13:56Z', 'ru')` →
 * `21.11.2026, 15:13` in the shopper's time zone (day, month, year, hours and minutes). `iso` is RFC 3339, as the API
 * sends times; an unreadable one is returned as given.
 */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let formatter = dateTimeFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    dateTimeFormatters.set(locale, formatter);
  }
  return formatter.format(date);
}

/**
 * The calendar date of a moment in UTC, without `Intl.DateTimeFormat` (the server render has none, issue 22):
 * `formatDateUtc('2026-11-21T23:13:56Z', 'ru')` → `21.11.2026`, in English `11/21/2026`. What a page shows before
 * hydration, the same on the server and in the browser's first render; {@link formatDateTime} replaces it after.
 * An unreadable `iso` is returned as given.
 */
export function formatDateUtc(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = String(date.getUTCDate()).padStart(2, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const year = date.getUTCFullYear();
  return locale.startsWith('en') ? `${month}/${day}/${year}` : `${day}.${month}.${year}`;
}

const ratingFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A mean star rating for display with one decimal in the interface language: `formatRating(4.6, 'ru')` → `4,6`,
 * `formatRating(5, 'en')` → `5.0` (issue 8: the reviews page, the contacts panel's rating).
 */
export function formatRating(value: number, locale: string): string {
  let formatter = ratingFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    ratingFormatters.set(locale, formatter);
  }
  return formatter.format(value);
}
