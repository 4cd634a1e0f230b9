/**
 * Shapes of the forms API (issue 5; spec §3 "Feedback form", §5, §7), exactly as the server answers
 * `GET /api/forms/{code}` and reads `POST /api/forms/{code}/submissions`. Types only: the fetchers
 * live in `forms.ts`.
 */

/** Kind of a form field; decides the control (`phone` → intl-tel-input when `phoneMask` is on). */
export type FormFieldType =
  | 'text'
  | 'email'
  | 'phone'
  | 'textarea'
  | 'checkbox'
  | 'hidden'
  | 'number'
  | 'percentage'
  | 'currency'
  | 'date';

/**
 * Input-mask options of a `number`, `percentage`, `currency` or `date` field (spec §5, §9).
 * Every member is optional; `utils/masks.ts` fills the defaults.
 */
export interface FieldMask {
  /** number: lowest value (integer); smaller values are raised to it on blur. */
  min?: number;
  /** number: highest value (integer); typing past it gives this value. */
  max?: number;
  /** number: Ctrl+↑/↓ step; `MASK_DEFAULT_STEP` (1) by default. */
  step?: number;
  /** currency: decimals, `MASK_CURRENCY_DIGITS` (2) by default. */
  digits?: number;
  /** currency: text before the amount, `MASK_CURRENCY_PREFIX` ("$ ") unless a suffix is given. */
  prefix?: string;
  /** currency: text after the amount, e.g. " ₽". */
  suffix?: string;
  /**
   * date: format, `MASK_DATE_FORMAT` ("dd.mm.yyyy") by default; tokens `dd` `mm` (month) `yyyy`
   * `HH` `MM` (minutes) `ss`.
   */
  format?: string;
}

/** One field of a form, described by the server (spec §3: a code and a required flag Y/N). */
export interface FormField {
  /** "NAME", "PHONE", "EMAIL", "MESSAGE", "CALL_DATE", … (also the key of its value when sent). */
  code: string;
  label: string;
  type: FormFieldType;
  /** `Y`: must not be empty (spec §5, FORMS_NOT_EMPTY_INVALID). */
  required: 'Y' | 'N';
  placeholder: string | null;
  /** Default value, e.g. of a hidden field. */
  value: string | null;
  /** Mask options of number/percentage/currency/date fields. */
  mask: FieldMask | null;
}

/** A captcha to show: its id and picture (`/api/captcha/{sid}`, PNG). */
export interface FormCaptcha {
  sid: string;
  imageUrl: string;
}

/** Answer of `GET /api/forms/{code}`. */
export interface FormAnswer {
  /** "callback" | "feedback" | a shop owner's code. */
  code: string;
  title: string;
  description: string | null;
  submitText: string;
  /** `null` → the i18n text FORMS_ALERT_SUCCESS. */
  successText: string | null;
  useCaptcha: boolean;
  useConsent: boolean;
  /** Label of the USER_CONSENT checkbox. */
  consentText: string | null;
  /** Link in the consent label, sent back as USER_CONSENT_URL. */
  consentUrl: string | null;
  /** Fields of type `phone` use intl-tel-input and the mask; PHONE is then sent as a {@link PhoneValue}. */
  phoneMask: boolean;
  fields: FormField[];
  /** Prefill per field code (PHONE: international, "+7 912 345-67-89"). */
  values: Record<string, string>;
  /** Initial phone country, ISO 3166-1 alpha-2 lower case, "ru" by default. */
  country: string;
  /** The form's captcha (`POST /api/forms/{code}/captcha`, asked for by {@link getForm}), `null` without one. */
  captcha: FormCaptcha | null;
}

/**
 * PHONE as sent with the phone mask on (spec §3): the selected country, what the input shows and
 * the international number.
 */
export interface PhoneValue {
  COUNTRY: { iso2: string; dialCode: string; name: string };
  /** What the input shows: the national part, masked ("912 345-67-89"). */
  VALUE: string;
  /** International format from intl-tel-input ("+7 912 345-67-89"); empty while nothing is typed. */
  FULL_VALUE: string;
}
