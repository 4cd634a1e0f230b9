import { describe, expect, it } from 'vitest';
import {
  MASK_CURRENCY_DIGITS,
  MASK_CURRENCY_PREFIX,
  MASK_DEFAULT_STEP,
  MASK_PERCENTAGE_MAX,
  MASK_PERCENTAGE_MIN,
} from '@/config/constants';
import { inputmaskOptions, isRealDate, maskedInputValue, toInputmaskDateFormat } from './masks';

describe('inputmaskOptions', () => {
  it('maps a number mask to the integer alias with min, max, step, clamping and the k/m multipliers', () => {
    expect(inputmaskOptions('number', { min: 5, max: 20000 })).toEqual({
      alias: 'integer',
      min: 5,
      max: 20000,
      step: MASK_DEFAULT_STEP,
      SetMaxOnOverflow: true,
      allowMinus: false,
      groupSeparator: ' ',
      shortcuts: { k: '1000', m: '1000000' },
      rightAlign: false,
      inputmode: 'numeric',
    });
  });

  it('allows a minus only when min is absent or negative, and keeps a given step', () => {
    expect(inputmaskOptions('number', null)).toMatchObject({ allowMinus: true, step: MASK_DEFAULT_STEP });
    expect(inputmaskOptions('number', null)).not.toHaveProperty('min');
    expect(inputmaskOptions('number', { min: -10, step: 5 })).toMatchObject({ allowMinus: true, min: -10, step: 5 });
    expect(inputmaskOptions('number', { min: 0 })).toMatchObject({ allowMinus: false });
  });

  it('maps a percentage mask to 0..100 without minus or shortcuts', () => {
    expect(inputmaskOptions('percentage', null)).toMatchObject({
      alias: 'percentage',
      min: MASK_PERCENTAGE_MIN,
      max: MASK_PERCENTAGE_MAX,
      digits: 0,
      allowMinus: false,
      shortcuts: null,
    });
  });

  it('gives a currency mask the "$ " prefix and 2 decimals by default', () => {
    expect(inputmaskOptions('currency', null)).toMatchObject({
      alias: 'currency',
      prefix: MASK_CURRENCY_PREFIX,
      suffix: '',
      digits: MASK_CURRENCY_DIGITS,
      digitsOptional: false,
      radixPoint: '.',
    });
    expect(MASK_CURRENCY_PREFIX).toBe('$ ');
    expect(MASK_CURRENCY_DIGITS).toBe(2);
  });

  it('drops the default prefix when the form gives a suffix, and keeps given prefix and digits', () => {
    expect(inputmaskOptions('currency', { suffix: ' ₽' })).toMatchObject({ prefix: '', suffix: ' ₽' });
    expect(inputmaskOptions('currency', { prefix: '€ ', digits: 0 })).toMatchObject({ prefix: '€ ', suffix: '', digits: 0 });
  });

  it('maps a date mask to the datetime alias in inputmask spelling, dd.MM.yyyy by default', () => {
    expect(inputmaskOptions('date', null)).toMatchObject({ alias: 'datetime', inputFormat: 'dd.MM.yyyy', prefillYear: false });
    expect(inputmaskOptions('date', { format: 'dd.mm.yyyy HH:MM' })).toMatchObject({ inputFormat: 'dd.MM.yyyy HH:mm' });
  });

  it('returns a new object every time (inputmask writes into its options)', () => {
    expect(inputmaskOptions('number', null)).not.toBe(inputmaskOptions('number', null));
  });
});

describe('toInputmaskDateFormat', () => {
  it('swaps month (contract mm) and minutes (contract MM), keeps the other tokens and separators', () => {
    expect(toInputmaskDateFormat('dd.mm.yyyy')).toBe('dd.MM.yyyy');
    expect(toInputmaskDateFormat('dd.mm.yyyy HH:MM:ss')).toBe('dd.MM.yyyy HH:mm:ss');
    expect(toInputmaskDateFormat('yyyy-mm-dd')).toBe('yyyy-MM-dd');
    expect(toInputmaskDateFormat('HH:MM')).toBe('HH:mm');
  });

  it('escapes letters that are not tokens, so inputmask shows them as they are', () => {
    expect(toInputmaskDateFormat('yyyy-mm-ddTHH:MM')).toBe('yyyy-MM-dd\\THH:mm');
  });
});

describe('isRealDate', () => {
  it('accepts existing dates in the default dd.mm.yyyy format', () => {
    expect(isRealDate('21.11.2026')).toBe(true);
    expect(isRealDate('31.12.2026')).toBe(true);
    expect(isRealDate('01.01.0001')).toBe(true);
  });

  it('refuses days a month lacks: 30 and 31 February, 31 April, 29 February of a common year', () => {
    expect(isRealDate('30.02.2026')).toBe(false);
    expect(isRealDate('31.02.2026')).toBe(false);
    expect(isRealDate('31.04.2026')).toBe(false);
    expect(isRealDate('29.02.2026')).toBe(false);
    expect(isRealDate('29.02.1900')).toBe(false);
  });

  it('accepts 29 February of leap years', () => {
    expect(isRealDate('29.02.2024')).toBe(true);
    expect(isRealDate('29.02.2000')).toBe(true);
  });

  it('refuses parts out of range: day 0 or 32, month 0 or 13', () => {
    expect(isRealDate('00.01.2026')).toBe(false);
    expect(isRealDate('32.01.2026')).toBe(false);
    expect(isRealDate('01.00.2026')).toBe(false);
    expect(isRealDate('01.13.2026')).toBe(false);
  });

  it('checks hours 0-23, minutes and seconds 0-59 in a format with time', () => {
    const format = 'dd.mm.yyyy HH:MM:ss';
    expect(isRealDate('01.01.2026 00:00:00', format)).toBe(true);
    expect(isRealDate('01.01.2026 23:59:59', format)).toBe(true);
    expect(isRealDate('01.01.2026 24:00:00', format)).toBe(false);
    expect(isRealDate('01.01.2026 23:60:00', format)).toBe(false);
    expect(isRealDate('01.01.2026 23:59:60', format)).toBe(false);
  });

  it('refuses unfinished or differently shaped text', () => {
    expect(isRealDate('')).toBe(false);
    expect(isRealDate('21.1_.____')).toBe(false);
    expect(isRealDate('2026-11-21')).toBe(false);
    expect(isRealDate('21.11.2026 ')).toBe(false);
    expect(isRealDate('21.11.26')).toBe(false);
  });

  it('allows 29 February when the format has no year', () => {
    expect(isRealDate('29.02', 'dd.mm')).toBe(true);
    expect(isRealDate('30.02', 'dd.mm')).toBe(false);
  });
});

describe('maskedInputValue', () => {
  it('is the trimmed text of an input without a mask', () => {
    const input = document.createElement('input');
    input.value = ' 12 ';
    expect(maskedInputValue('number', input)).toBe('12');
  });
});
