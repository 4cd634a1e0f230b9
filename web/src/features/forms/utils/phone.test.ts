import { describe, expect, it } from 'vitest';
import { isPhoneText, isValidPhone, maskFromPlaceholder, toE164 } from './phone';

describe('isValidPhone', () => {
  it.each([
    ['+7 912 345-67-89', 'ru'],
    ['+7 495 123-45-67', 'ru'],
    ['+375 29 491-19-11', 'by'],
    ['+380 50 123 4567', 'ua'],
    ['+7 771 000 9998', 'kz'],
    ['+7 701 234 5678', 'KZ'],
  ])('accepts %s for %s', (number, iso2) => {
    expect(isValidPhone(number, iso2)).toBe(true);
  });

  it('reads a national number in the given country', () => {
    expect(isValidPhone('8 912 345-67-89', 'ru')).toBe(true);
    expect(isValidPhone('912 345-67-89', 'ru')).toBe(true);
  });

  it('refuses numbers that are too short or too long', () => {
    expect(isValidPhone('+7 912 345-67', 'ru')).toBe(false);
    expect(isValidPhone('+7 912 345-67-890', 'ru')).toBe(false);
    expect(isValidPhone('+375 29 491-19', 'by')).toBe(false);
  });

  it('refuses numbers of the right length that no plan has (full metadata)', () => {
    expect(isValidPhone('+7 012 345-67-89', 'ru')).toBe(false);
    expect(isValidPhone('+375 11 111-11-11', 'by')).toBe(false);
  });

  it('refuses a number of another country sharing the dial code', () => {
    expect(isValidPhone('+7 912 345-67-89', 'kz')).toBe(false);
    expect(isValidPhone('+7 771 000 9998', 'ru')).toBe(false);
    expect(isValidPhone('+375 29 491-19-11', 'ru')).toBe(false);
  });

  it('refuses empty text, letters and unknown countries', () => {
    expect(isValidPhone('', 'ru')).toBe(false);
    expect(isValidPhone('+7 912 abc', 'ru')).toBe(false);
    expect(isValidPhone('+7 912 345-67-89', 'xx')).toBe(false);
    expect(isValidPhone('+7 912 345-67-89', '')).toBe(false);
  });
});

describe('isPhoneText', () => {
  it.each(['+7 (912) 345-67-89', '89123456789', '8-912-345-67-89', '+375 29 4911911', ''])('accepts %j', (value) => {
    expect(isPhoneText(value)).toBe(true);
  });

  it.each(['+7 912 345 67 89 доб. 12', '8912345678a', '+7.912.345.67.89', '+7\t912', '8912/3456789'])(
    'refuses %j',
    (value) => {
      expect(isPhoneText(value)).toBe(false);
    },
  );
});

describe('maskFromPlaceholder', () => {
  it.each([
    // Example mobile numbers intl-tel-input shows (national part, the dial code is beside the input).
    ['ru', '912 345-67-89', '999 999-99-99'],
    ['by', '29 491-19-11', '99 999-99-99'],
    ['ua', '50 123 4567', '99 999 9999'],
    ['kz', '771 000 9998', '999 999 9999'],
  ])('%s: %s → %s', (_country, placeholder, mask) => {
    expect(maskFromPlaceholder(placeholder)).toBe(mask);
  });

  it('escapes characters inputmask reads as syntax, such as parentheses', () => {
    expect(maskFromPlaceholder('8 (912) 345-67-89')).toBe('9 \\(999\\) 999-99-99');
    expect(maskFromPlaceholder('+7 912')).toBe('\\+9 999');
  });

  it('gives no mask for an empty placeholder', () => {
    expect(maskFromPlaceholder('')).toBe('');
    expect(maskFromPlaceholder('  ')).toBe('');
  });
});

describe('toE164', () => {
  it.each([
    ['+7 912 345-67-89', 'ru', '+79123456789'],
    ['8 (912) 345-67-89', 'ru', '+79123456789'],
    ['912 345-67-89', 'ru', '+79123456789'],
    ['8 771 000 9998', 'kz', '+77710009998'],
    ['8 029 491-19-11', 'by', '+375294911911'],
    ['+380 50 123 4567', 'ru', '+380501234567'],
  ])('%s in %s → %s', (text, iso2, e164) => {
    expect(toE164(text, iso2)).toBe(e164);
  });

  it('is null for text that holds no number', () => {
    expect(toE164('', 'ru')).toBeNull();
    expect(toE164('звоните', 'ru')).toBeNull();
  });
});
