import { describe, expect, it } from 'vitest';
import { FORM_TEXTAREA_MAX_CHARS, FORM_VALUE_MAX_CHARS } from '@/config/constants';
import { makeFormField } from '@/test/fixtures';
import type { FormField } from '@/lib/api/types';
import type { PhoneValue } from '../api/forms';
import { fieldError, isEmptyPhone } from './validate';

const text = (overrides: Partial<FormField> = {}) => makeFormField('NAME', overrides);

/** A masked phone's value as PhoneInput reports it. */
function phone(iso2: string, dialCode: string, value: string, fullValue: string): PhoneValue {
  return { COUNTRY: { iso2, dialCode, name: '' }, VALUE: value, FULL_VALUE: fullValue };
}

const PHONE = makeFormField('PHONE', { type: 'phone' });

describe('fieldError: FORMS_NOT_EMPTY_INVALID', () => {
  it.each([
    ['text', ''],
    ['text', '   '],
    ['text', undefined],
    ['email', ''],
    ['textarea', ' \n '],
    ['date', ''],
    ['number', ''],
    ['phone', ''],
  ] as const)('a required %s field holding %j', (type, value) => {
    expect(fieldError(text({ type }), value, false)).toBe('FORMS_NOT_EMPTY_INVALID');
  });

  it('an empty field that is not required passes, whatever its type', () => {
    for (const type of ['text', 'email', 'phone', 'textarea', 'date', 'number', 'percentage', 'currency'] as const) {
      expect(fieldError(text({ type, required: 'N' }), '', false)).toBeNull();
    }
  });

  it('a required checkbox must be ticked ("Y"); an optional one may stay "N"', () => {
    const checkbox = makeFormField('AGREE', { type: 'checkbox' });
    expect(fieldError(checkbox, 'N', false)).toBe('FORMS_NOT_EMPTY_INVALID');
    expect(fieldError(checkbox, '', false)).toBe('FORMS_NOT_EMPTY_INVALID');
    expect(fieldError(checkbox, 'Y', false)).toBeNull();
    expect(fieldError({ ...checkbox, required: 'N' }, 'N', false)).toBeNull();
  });

  it('a required masked phone with nothing typed; an optional one passes empty', () => {
    expect(fieldError(PHONE, phone('ru', '7', '', ''), true)).toBe('FORMS_NOT_EMPTY_INVALID');
    expect(fieldError(PHONE, undefined, true)).toBe('FORMS_NOT_EMPTY_INVALID');
    expect(fieldError({ ...PHONE, required: 'N' }, phone('ru', '7', '', ''), true)).toBeNull();
    expect(isEmptyPhone(phone('ru', '7', ' ', ''))).toBe(true);
    expect(isEmptyPhone(phone('ru', '7', '912', '+7 912'))).toBe(false);
  });

  it('a filled required text passes', () => {
    expect(fieldError(text(), ' Иван ', false)).toBeNull();
  });
});

describe('fieldError: phone', () => {
  it('with the mask: a complete number of the selected country passes', () => {
    expect(fieldError(PHONE, phone('ru', '7', '912 345-67-89', '+7 912 345-67-89'), true)).toBeNull();
    expect(fieldError(PHONE, phone('by', '375', '29 491-19-11', '+375 29 491-19-11'), true)).toBeNull();
  });

  it('with the mask: a short number is FORMS_PHONE_WRONG', () => {
    expect(fieldError(PHONE, phone('ru', '7', '912 345', '+7 912 345'), true)).toBe('FORMS_PHONE_WRONG');
  });

  it("with the mask: another country's number is FORMS_PHONE_WRONG", () => {
    // A valid Russian number while Kazakhstan (also +7) is selected.
    expect(fieldError(PHONE, phone('kz', '7', '912 345-67-89', '+7 912 345-67-89'), true)).toBe('FORMS_PHONE_WRONG');
    // A valid Belarusian number while Russia is selected.
    expect(fieldError(PHONE, phone('ru', '7', '29 491-19-11', '+375 29 491-19-11'), true)).toBe('FORMS_PHONE_WRONG');
  });

  it('with the mask: the shown national number is read when there is no international one yet', () => {
    expect(fieldError(PHONE, phone('ru', '7', '912 345-67-89', ''), true)).toBeNull();
    expect(fieldError(PHONE, phone('ru', '7', '912 34', ''), true)).toBe('FORMS_PHONE_WRONG');
  });

  it('without the mask: digits, spaces, hyphens, parentheses and plus pass; anything else is FORMS_PHONE_INVALID', () => {
    expect(fieldError(PHONE, '+7 (912) 345-67-89', false)).toBeNull();
    expect(fieldError(PHONE, '8 912 345', false)).toBeNull();
    expect(fieldError(PHONE, '+7 912 ABC', false)).toBe('FORMS_PHONE_INVALID');
    expect(fieldError(PHONE, '8-912-345-67-89 доб. 5', false)).toBe('FORMS_PHONE_INVALID');
    // Punctuation alone is no number.
    expect(fieldError(PHONE, '(+) --', false)).toBe('FORMS_PHONE_INVALID');
  });

  it('a form with the mask off sends the phone as text, checked as text', () => {
    expect(fieldError(PHONE, 'abc', true)).toBe('FORMS_PHONE_INVALID');
  });
});

describe('fieldError: e-mail, date, number', () => {
  const EMAIL = makeFormField('EMAIL', { type: 'email' });

  it.each(['ivan', 'ivan@', 'ivan@example', '@example.ru', 'iv an@example.ru', 'ivan@exa mple.ru'])(
    'e-mail %j is FORMS_EMAIL_INVALID',
    (value) => {
      expect(fieldError(EMAIL, value, false)).toBe('FORMS_EMAIL_INVALID');
    },
  );

  it('a well-formed e-mail passes', () => {
    expect(fieldError(EMAIL, 'ivan.petrov@example.ru', false)).toBeNull();
  });

  it('date: 30.02 and 29.02 of a common year are FORMS_DATE_INVALID; real dates pass', () => {
    const DATE = makeFormField('CALL_DATE', { type: 'date' });
    expect(fieldError(DATE, '30.02.2026', false)).toBe('FORMS_DATE_INVALID');
    expect(fieldError(DATE, '29.02.2026', false)).toBe('FORMS_DATE_INVALID');
    expect(fieldError(DATE, '32.01.2026', false)).toBe('FORMS_DATE_INVALID');
    expect(fieldError(DATE, '21.13.2026', false)).toBe('FORMS_DATE_INVALID');
    // Half-typed: the mask leaves its placeholder characters.
    expect(fieldError(DATE, '21.11.yyyy', false)).toBe('FORMS_DATE_INVALID');
    expect(fieldError(DATE, '29.02.2024', false)).toBeNull();
    expect(fieldError(DATE, '21.11.2026', false)).toBeNull();
  });

  it("date: read in the field's own format", () => {
    const DATE = makeFormField('CALL_AT', { type: 'date', mask: { format: 'yyyy-mm-dd HH:MM' } });
    expect(fieldError(DATE, '2026-11-21 14:30', false)).toBeNull();
    expect(fieldError(DATE, '2026-02-30 14:30', false)).toBe('FORMS_DATE_INVALID');
    expect(fieldError(DATE, '2026-11-21 24:30', false)).toBe('FORMS_DATE_INVALID');
    expect(fieldError(DATE, '21.11.2026', false)).toBe('FORMS_DATE_INVALID');
  });

  it('number: outside min..max or not an integer is FORMS_NUMBER_INVALID', () => {
    const NUMBER = makeFormField('QUANTITY', { type: 'number', mask: { min: 1, max: 100 } });
    expect(fieldError(NUMBER, '0', false)).toBe('FORMS_NUMBER_INVALID');
    expect(fieldError(NUMBER, '101', false)).toBe('FORMS_NUMBER_INVALID');
    expect(fieldError(NUMBER, '1.5', false)).toBe('FORMS_NUMBER_INVALID');
    expect(fieldError(NUMBER, 'abc', false)).toBe('FORMS_NUMBER_INVALID');
    expect(fieldError(NUMBER, '1', false)).toBeNull();
    expect(fieldError(NUMBER, '100', false)).toBeNull();
  });

  it('number: without a range any integer passes', () => {
    const NUMBER = makeFormField('BUDGET', { type: 'number' });
    expect(fieldError(NUMBER, '15000', false)).toBeNull();
    expect(fieldError(NUMBER, '-3', false)).toBeNull();
  });

  it('percentage: 0..100', () => {
    const PERCENT = makeFormField('DISCOUNT', { type: 'percentage' });
    expect(fieldError(PERCENT, '0', false)).toBeNull();
    expect(fieldError(PERCENT, '100', false)).toBeNull();
    expect(fieldError(PERCENT, '101', false)).toBe('FORMS_NUMBER_INVALID');
    expect(fieldError(PERCENT, '-1', false)).toBe('FORMS_NUMBER_INVALID');
  });

  it('currency and plain text take any text', () => {
    expect(fieldError(makeFormField('PRICE', { type: 'currency' }), '1234.50', false)).toBeNull();
    expect(fieldError(text(), 'Иван <script>', false)).toBeNull();
  });
});

describe('fieldError: FORMS_VALUE_TOO_LONG', () => {
  it(`a field other than a textarea holds at most ${FORM_VALUE_MAX_CHARS} characters`, () => {
    expect(fieldError(text(), 'я'.repeat(FORM_VALUE_MAX_CHARS), false)).toBeNull();
    expect(fieldError(text(), 'я'.repeat(FORM_VALUE_MAX_CHARS + 1), false)).toBe('FORMS_VALUE_TOO_LONG');
    expect(fieldError(text({ type: 'email' }), `${'a'.repeat(FORM_VALUE_MAX_CHARS)}@example.ru`, false)).toBe(
      'FORMS_VALUE_TOO_LONG',
    );
  });

  it(`a textarea holds at most ${FORM_TEXTAREA_MAX_CHARS} characters`, () => {
    const MESSAGE = makeFormField('MESSAGE', { type: 'textarea' });
    expect(fieldError(MESSAGE, 'я'.repeat(FORM_VALUE_MAX_CHARS + 1), false)).toBeNull();
    expect(fieldError(MESSAGE, 'я'.repeat(FORM_TEXTAREA_MAX_CHARS), false)).toBeNull();
    expect(fieldError(MESSAGE, 'я'.repeat(FORM_TEXTAREA_MAX_CHARS + 1), false)).toBe('FORMS_VALUE_TOO_LONG');
  });

  it('surrounding spaces do not count', () => {
    expect(fieldError(text(), `  ${'я'.repeat(FORM_VALUE_MAX_CHARS)}  `, false)).toBeNull();
  });
});
