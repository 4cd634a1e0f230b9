import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * True when `fullValue` (an international number, "+7 912 345-67-89"; a national one is read in `iso2`'s
 * plan) is a valid phone number of the country `iso2` (ISO 3166-1 alpha-2, any case): libphonenumber's full
 * ("max") metadata, number patterns and lengths as Google's libphonenumber, which the server's `phonenumber`
 * crate also uses, and the number must belong to that country — "+7 912 …" is Russian, so it fails for
 * `kz`. Spec §5 "PHONE with mask on: must be a valid international number", message FORMS_PHONE_WRONG.
 */
export function isValidPhone(fullValue: string, iso2: string): boolean {
  const country = iso2.toUpperCase();
  if (!isSupportedCountry(country)) return false;
  const phone = parsePhoneNumberFromString(fullValue, country);
  return phone !== undefined && phone.country === country && phone.isValid();
}

/** Characters a phone may consist of without the mask: digits, spaces, hyphens, parentheses and plus. */
const PHONE_TEXT = /^[0-9 ()+-]*$/;

/**
 * True when `value` holds only digits, spaces, hyphens, parentheses and plus signs (spec §5 "PHONE without
 * mask", message FORMS_PHONE_INVALID). The empty string passes: emptiness is the required-field rule's
 * concern (FORMS_NOT_EMPTY_INVALID).
 */
export function isPhoneText(value: string): boolean {
  return PHONE_TEXT.test(value);
}

/** Characters with a meaning in an inputmask mask (groups, optionals, quantifiers, alternation, escape, definitions). */
const INPUTMASK_SPECIAL = /[[\]{}()|\\*+?aA&#9]/;

/**
 * The inputmask mask of a phone placeholder (spec §5 "The mask pattern follows the placeholder of the selected
 * country"): every digit becomes a digit slot `9`, everything else stays as a literal separator (escaped when
 * inputmask would read it as syntax, e.g. parentheses). "912 345-67-89" → "999 999-99-99";
 * "(201) 555-0123" → "\(999\) 999-9999". An empty placeholder gives an empty mask (no mask).
 */
export function maskFromPlaceholder(placeholder: string): string {
  let mask = '';
  for (const char of placeholder.trim()) {
    if (/\d/.test(char)) mask += '9';
    else mask += INPUTMASK_SPECIAL.test(char) ? `\\${char}` : char;
  }
  return mask;
}

/**
 * The E.164 form of a phone number written in any common way — international ("+7 912 345-67-89"), national
 * with a trunk prefix ("8 (912) 345-67-89") or without one — read in the numbering plan of `iso2`
 * ("+79123456789"), or `null` when `text` holds no possible number. The phone field uses it to take a pasted or
 * autofilled whole number (the mask alone would keep its first digits: "+7 912…" → "791 2…").
 */
export function toE164(text: string, iso2: string): string | null {
  const country = iso2.toUpperCase();
  const phone = parsePhoneNumberFromString(text, isSupportedCountry(country) ? country : undefined);
  return phone?.number ?? null;
}
