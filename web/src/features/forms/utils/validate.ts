import { FORM_TEXTAREA_MAX_CHARS, FORM_VALUE_MAX_CHARS } from '@/config/constants';
import type { FormField } from '@/lib/api/types';
import type { PhoneValue } from '../api/forms';
import { isRealDate } from './masks';
import { isPhoneText, isValidPhone } from './phone';
import { isEmailAddress } from '@/lib/validation';

/**
 * Message codes of the form checks (spec §5; the server answers the same codes): the i18n keys of the texts shown
 * under a field.
 */
export type FormMessageCode =
  | 'FORMS_NOT_EMPTY_INVALID'
  | 'FORMS_PHONE_WRONG'
  | 'FORMS_PHONE_INVALID'
  | 'FORMS_USER_CONSENT_NOT_EMPTY_INVALID'
  | 'FORMS_CAPTCHA_WRONG'
  | 'FORMS_EMAIL_INVALID'
  | 'FORMS_NUMBER_INVALID'
  | 'FORMS_DATE_INVALID'
  | 'FORMS_VALUE_TOO_LONG';

/** A field's value as the form holds it: text, or the spec's phone object with the phone mask on. */
export type FieldValue = string | PhoneValue;

/** Whether a masked phone holds nothing yet. */
export function isEmptyPhone(value: PhoneValue | undefined): boolean {
  return !value || (value.FULL_VALUE.trim() === '' && value.VALUE.trim() === '');
}

/**
 * The first rule `value` breaks for `field` (spec §5), or `null`: required fields not empty (a required checkbox
 * ticked), a masked phone valid for its country (libphonenumber-js), an unmasked phone only digits, spaces,
 * hyphens, parentheses and plus, an e-mail address, a real date in the field's format, a number within its range,
 * and the length limits. The same rules as the server's, so a form the browser passes is not refused for its
 * fields.
 */
export function fieldError(field: FormField, value: FieldValue | undefined, phoneMask: boolean): FormMessageCode | null {
  const required = field.required === 'Y';
  if (field.type === 'phone' && phoneMask && typeof value !== 'string') {
    if (isEmptyPhone(value)) return required ? 'FORMS_NOT_EMPTY_INVALID' : null;
    const phone = value as PhoneValue;
    return isValidPhone(phone.FULL_VALUE || phone.VALUE, phone.COUNTRY.iso2) ? null : 'FORMS_PHONE_WRONG';
  }
  const text = typeof value === 'string' ? value.trim() : '';
  const max = field.type === 'textarea' ? FORM_TEXTAREA_MAX_CHARS : FORM_VALUE_MAX_CHARS;
  if (text.length > max) return 'FORMS_VALUE_TOO_LONG';
  if (text === '' || (field.type === 'checkbox' && text !== 'Y')) return required ? 'FORMS_NOT_EMPTY_INVALID' : null;
  switch (field.type) {
    case 'email':
      return isEmailAddress(text) ? null : 'FORMS_EMAIL_INVALID';
    case 'phone':
      return isPhoneText(text) && /\d/.test(text) ? null : 'FORMS_PHONE_INVALID';
    case 'date':
      return isRealDate(text, field.mask?.format ?? undefined) ? null : 'FORMS_DATE_INVALID';
    case 'number': {
      const number = Number(text);
      const { min, max: top } = field.mask ?? {};
      const bad =
        !Number.isInteger(number) || (min !== undefined && number < min) || (top !== undefined && number > top);
      return bad ? 'FORMS_NUMBER_INVALID' : null;
    }
    case 'percentage': {
      const number = Number(text);
      return Number.isFinite(number) && number >= 0 && number <= 100 ? null : 'FORMS_NUMBER_INVALID';
    }
    default:
      return null;
  }
}
