import type Inputmask from 'inputmask';
import {
  MASK_CURRENCY_DIGITS,
  MASK_CURRENCY_PREFIX,
  MASK_DATE_FORMAT,
  MASK_DEFAULT_STEP,
  MASK_PERCENTAGE_MAX,
  MASK_PERCENTAGE_MIN,
  MASK_SHORTCUTS,
} from '@/config/constants';
import type { FieldMask } from '@/lib/api/types';

/** Field types that get an input mask (spec §5 "Input masks"). */
export type MaskKind = 'number' | 'percentage' | 'currency' | 'date';

/**
 * inputmask's numeric shortcuts multiply the value by their pattern (`k: "1000"`); ours say which zeros a key
 * appends (spec §9: k adds 000, m adds 000000), so `"000"` becomes the multiplier `"1000"`.
 */
function numericShortcuts(): Record<string, string> {
  return Object.fromEntries(Object.entries(MASK_SHORTCUTS).map(([key, zeros]) => [key, `1${zeros}`]));
}

/**
 * Date tokens of the forms contract and their inputmask 5 spelling. The contract (like older inputmask and
 * dateformat.js) writes the month `mm` and minutes `MM`; inputmask 5.0 reads `MM` as the month and `mm` as
 * minutes, so the two swap. Day, year, hours and seconds are the same.
 */
const DATE_TOKEN_TO_INPUTMASK: Readonly<Record<string, string>> = {
  dd: 'dd',
  mm: 'MM',
  yyyy: 'yyyy',
  HH: 'HH',
  MM: 'mm',
  ss: 'ss',
};

/** Tokens of a contract date format, longest first. */
const DATE_TOKEN_PATTERN = /yyyy|dd|mm|HH|MM|ss/g;

/**
 * Translates a contract date format (`dd.mm.yyyy HH:MM:ss`, see {@link FieldMask.format}) into inputmask's
 * `inputFormat` (`dd.MM.yyyy HH:mm:ss`). Letters outside the tokens are escaped so inputmask keeps them literal.
 */
export function toInputmaskDateFormat(format: string): string {
  let result = '';
  let last = 0;
  for (const match of format.matchAll(DATE_TOKEN_PATTERN)) {
    result += escapeDateLiterals(format.slice(last, match.index));
    result += DATE_TOKEN_TO_INPUTMASK[match[0]];
    last = match.index + match[0].length;
  }
  return result + escapeDateLiterals(format.slice(last));
}

function escapeDateLiterals(text: string): string {
  return text.replace(/[A-Za-z\\]/g, (char) => `\\${char}`);
}

/**
 * inputmask options for a masked field (spec §5 "Input masks", §9 "Mask defaults"; forms contract `FieldMask`):
 *
 * - `number`: whole numbers; typing past `max` gives `max`, a value under `min` is raised to `min` on blur;
 *   minus only when `min` is absent or negative; Ctrl+↑/↓ step `step` (default `MASK_DEFAULT_STEP`);
 *   `k`/`m` append 000/000000 (`MASK_SHORTCUTS`); thousands grouped with spaces.
 * - `percentage`: whole numbers `MASK_PERCENTAGE_MIN`..`MASK_PERCENTAGE_MAX`, keystrokes past 100 and the
 *   minus are refused; shown with a " %" suffix.
 * - `currency`: `digits` decimals (default `MASK_CURRENCY_DIGITS`), always shown; prefix `MASK_CURRENCY_PREFIX`
 *   ("$ ") unless the form gives a prefix or a suffix (e.g. " ₽"); `k`/`m` shortcuts; `.` decimal point,
 *   `,` grouping.
 * - `date`: `format` (default `MASK_DATE_FORMAT`, contract tokens, see {@link toInputmaskDateFormat}); each
 *   part is range-checked while typing (day 1–31, month 1–12, hours 0–23, minutes and seconds 0–59) and days
 *   a month lacks (30.02, 31.04, 29.02 of a common year) are refused.
 *
 * Returns a fresh object each call: inputmask writes into the options it is given.
 */
export function inputmaskOptions(type: MaskKind, mask: FieldMask | null): Inputmask.Options {
  switch (type) {
    case 'number': {
      const options: Inputmask.Options = {
        alias: 'integer',
        step: mask?.step ?? MASK_DEFAULT_STEP,
        SetMaxOnOverflow: true,
        allowMinus: mask?.min === undefined || mask.min < 0,
        groupSeparator: ' ',
        shortcuts: numericShortcuts(),
        rightAlign: false,
        inputmode: 'numeric',
      };
      if (mask?.min !== undefined) options.min = mask.min;
      if (mask?.max !== undefined) options.max = mask.max;
      return options;
    }
    case 'percentage':
      return {
        alias: 'percentage',
        min: MASK_PERCENTAGE_MIN,
        max: MASK_PERCENTAGE_MAX,
        digits: 0,
        allowMinus: false,
        shortcuts: null,
        rightAlign: false,
        inputmode: 'numeric',
      };
    case 'currency': {
      const suffix = mask?.suffix ?? '';
      return {
        alias: 'currency',
        prefix: mask?.prefix ?? (suffix ? '' : MASK_CURRENCY_PREFIX),
        suffix,
        digits: mask?.digits ?? MASK_CURRENCY_DIGITS,
        digitsOptional: false,
        radixPoint: '.',
        groupSeparator: ',',
        shortcuts: numericShortcuts(),
        rightAlign: false,
        inputmode: 'decimal',
      };
    }
    case 'date':
      return {
        alias: 'datetime',
        inputFormat: toInputmaskDateFormat(mask?.format ?? MASK_DATE_FORMAT),
        placeholder: '_',
        prefillYear: false,
        inputmode: 'numeric',
      };
  }
}

/**
 * The value a masked input sends (forms contract "Values sent by the client"): number → digits ("15000"),
 * percentage → "0".."100", currency → decimal with a dot ("1234.50"), date → the masked text in the field's
 * format ("21.11.2026"; an unfinished date keeps its placeholders, "21.1_.____", so validation rejects it).
 * Empty when nothing is entered. Falls back to the raw text when no mask is attached.
 */
export function maskedInputValue(kind: MaskKind, input: HTMLInputElement): string {
  const instance = input.inputmask;
  if (!instance) return input.value.trim();
  const unmasked = instance.unmaskedvalue();
  if (unmasked === '') return '';
  return kind === 'date' ? input.value : unmasked;
}

/** Digits of each date part and its inclusive range (spec §5: day 1-31, month 1-12, hours, minutes, seconds). */
const DATE_PARTS: Readonly<Record<string, { digits: number; min: number; max: number }>> = {
  dd: { digits: 2, min: 1, max: 31 },
  mm: { digits: 2, min: 1, max: 12 },
  yyyy: { digits: 4, min: 1, max: 9999 },
  HH: { digits: 2, min: 0, max: 23 },
  MM: { digits: 2, min: 0, max: 59 },
  ss: { digits: 2, min: 0, max: 59 },
};

/** A year in which 29 February exists, for formats without a year. */
const LEAP_YEAR = 2000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * True when `text` is a complete date in `format` (contract tokens, default `MASK_DATE_FORMAT`) that exists:
 * every part in range (day 1–31, month 1–12, hours 0–23, minutes and seconds 0–59) and the day in its month
 * (no 30.02, 31.04; 29.02 only in leap years, or always when the format has no year). Spec §5; the check
 * behind FORMS_DATE_INVALID.
 */
export function isRealDate(text: string, format: string = MASK_DATE_FORMAT): boolean {
  const tokens: string[] = [];
  let pattern = '';
  let last = 0;
  for (const match of format.matchAll(DATE_TOKEN_PATTERN)) {
    pattern += escapeRegExp(format.slice(last, match.index));
    pattern += `(\\d{${DATE_PARTS[match[0]]?.digits ?? 0}})`;
    tokens.push(match[0]);
    last = match.index + match[0].length;
  }
  pattern += escapeRegExp(format.slice(last));
  const found = new RegExp(`^${pattern}$`).exec(text);
  if (!found || tokens.length === 0) return false;

  const values: Record<string, number> = {};
  for (const [index, token] of tokens.entries()) {
    const value = Number(found[index + 1]);
    const range = DATE_PARTS[token];
    if (!range || value < range.min || value > range.max) return false;
    values[token] = value;
  }
  const { dd: day, mm: month, yyyy: year } = values;
  if (day !== undefined && month !== undefined) {
    return day <= daysInMonth(year ?? LEAP_YEAR, month);
  }
  return true;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
