import Inputmask from 'inputmask';
import intlTelInput, { type Iso2, type Iti } from 'intl-tel-input';
import { en as enInterface, ru as ruInterface } from 'intl-tel-input/locale';
import 'intl-tel-input/styles';
import { useEffect, useRef, type FocusEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { DEFAULT_PHONE_COUNTRY, PREFERRED_PHONE_COUNTRIES } from '@/config/constants';
import type { PhoneValue } from '../api/forms';
import { maskFromPlaceholder, toE164 } from '../utils/phone';
import styles from './phone-input.module.css';

/** Props of {@link PhoneInput}. */
export interface PhoneInputProps {
  /** Id of the `<input>`; label it with `<label htmlFor={id}>`. */
  id: string;
  name: string;
  /** Country selected at first, ISO 3166-1 alpha-2 (the form answer's `country`); `DEFAULT_PHONE_COUNTRY` by default. */
  initialCountry?: string;
  /** International number to prefill ("+7 912 345-67-89"); its dial code picks the country. */
  defaultValue?: string;
  /** Sets `aria-invalid` (`"true"`/`"false"`, as the controls of a Field say; none while left out). */
  invalid?: boolean;
  /** Id(s) of the error/help text, as `aria-describedby`. */
  describedBy?: string;
  required?: boolean;
  /** Class of the `<input>`, replacing the default look. */
  className?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** The value to send as PHONE (spec §3), after every change, and once the library is ready. */
  onChange?: (value: PhoneValue) => void;
  /** Another country was chosen (or recognised from the typed number); the parent resets the field's validation. */
  onCountryChange?: (iso2: string) => void;
}

/**
 * inputmask options of the phone mask: just-in-time masking writes only what is typed (with its separators), never
 * a template of placeholders, so the example number stays visible while the field is empty and the text is
 * always a clean national number.
 */
const PHONE_MASK_OPTIONS: Inputmask.Options = {
  jitMasking: true,
  showMaskOnFocus: false,
  showMaskOnHover: false,
  inputmode: 'tel',
};

/**
 * `input` events that put a whole text into the field at once (browser autofill, paste, drop) rather than one
 * typed character; an event without `inputType` is treated the same (older autofill).
 */
const WHOLE_VALUE_INPUT_TYPES = new Set(['', 'insertReplacementText', 'insertFromPaste', 'insertFromDrop']);

/** The input's own text, past inputmask's patched `value` getter. */
function nativeValue(input: HTMLInputElement): string {
  return Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.get?.call(input) ?? input.value;
}

/** A valid intl-tel-input country code (lower case), or `null`. */
function toIso2(value: string | null | undefined): Iso2 | null {
  const lower = value?.toLowerCase() ?? '';
  return intlTelInput.getAllCountries().some((country) => country.iso2 === lower) ? (lower as Iso2) : null;
}

/** The PHONE value of the field now (spec §3): country, the masked national text, the international number. */
function readPhoneValue(iti: Iti, input: HTMLInputElement): PhoneValue {
  const country = iti.getSelectedCountry();
  const text = input.value.trim();
  const digits = text.replace(/\D/g, '');
  let fullValue = '';
  if (digits) {
    fullValue = intlTelInput.utils
      ? iti.getNumber(intlTelInput.NUMBER_FORMAT.INTERNATIONAL)
      : `+${country?.dialCode ?? ''}${digits}`;
  }
  return {
    COUNTRY: { iso2: country?.iso2 ?? '', dialCode: country?.dialCode ?? '', name: country?.name ?? '' },
    VALUE: text,
    FULL_VALUE: fullValue,
  };
}

/**
 * The phone field with the mask on (spec §3, §5; issue 5): intl-tel-input v29 on an `<input type="tel">` with
 * the country button (flag and dial code) before the number. The country list starts with
 * `PREFERRED_PHONE_COUNTRIES` (ru, by, ua, kz) and names countries in the interface language (Russian under
 * `ru`, English otherwise). The input holds the national part; its placeholder is the selected country's example
 * mobile number and an inputmask mask made from it (every digit a slot, {@link maskFromPlaceholder}) is rebuilt
 * on every country change. Before the lazily loaded utils chunk arrives there is no placeholder and no mask.
 * A whole number pasted or autofilled in any common writing ("+375 29 …", "8 (912) …") selects its country and
 * leaves the national part in the input.
 *
 * Inside a dialog (slide panel, pop-up) the narrow-screen full-screen country list is mounted in that dialog so
 * its focus trap and outside-press rule keep working, and Escape closes the list, not the dialog. The
 * instance is destroyed on unmount and rebuilt (keeping the number and country) when the language changes.
 */
export function PhoneInput({
  id,
  name,
  initialCountry = DEFAULT_PHONE_COUNTRY,
  defaultValue,
  invalid,
  describedBy,
  required,
  className,
  onBlur,
  onChange,
  onCountryChange,
}: PhoneInputProps) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const fieldRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const callbacksRef = useRef({ onChange, onCountryChange });
  useEffect(() => {
    callbacksRef.current = { onChange, onCountryChange };
  });

  // What a rebuilt instance starts from: the number typed so far (international) and the chosen country.
  const numberRef = useRef(defaultValue ?? '');
  const countryRef = useRef<{ from: string; iso2: string } | null>(null);

  useEffect(() => {
    const field = fieldRef.current;
    const input = inputRef.current;
    if (!field || !input) return;
    const interfaceTexts = language === 'ru' ? ruInterface : enInterface;
    const chosen = countryRef.current?.from === initialCountry ? countryRef.current.iso2 : null;
    input.value = numberRef.current;

    const iti = intlTelInput(input, {
      countryOrder: PREFERRED_PHONE_COUNTRIES.map(toIso2).filter((iso2) => iso2 !== null),
      initialCountry: toIso2(chosen) ?? toIso2(initialCountry) ?? toIso2(DEFAULT_PHONE_COUNTRY) ?? '',
      countryNameLocale: language,
      uiTranslations: interfaceTexts,
      loadUtils: () => import('intl-tel-input/utils'),
      separateDialCode: true,
      // inputmask formats and limits the text; the library's own formatter and filter would fight it.
      formatAsYouType: false,
      strictMode: false,
      placeholderNumberPolicy: intlTelInput.PLACEHOLDER_POLICY.AGGRESSIVE,
      fullscreenParent: input.closest<HTMLElement>('[role="dialog"]'),
      containerClass: styles.container,
    });
    const selectedCountryButton = input.parentElement?.querySelector<HTMLButtonElement>('.iti__selected-country');

    let active = true;
    let mask: Inputmask.Instance | null = null;
    const applyMask = () => {
      mask?.remove();
      mask = null;
      const pattern = maskFromPlaceholder(input.getAttribute('placeholder') ?? '');
      if (pattern) mask = new Inputmask({ ...PHONE_MASK_OPTIONS, mask: pattern }).mask(input);
    };
    const emit = () => {
      const value = readPhoneValue(iti, input);
      numberRef.current = value.FULL_VALUE;
      countryRef.current = { from: initialCountry, iso2: value.COUNTRY.iso2 };
      callbacksRef.current.onChange?.(value);
    };
    // The event may come from inside inputmask's own input handling (the library recognises the country from
    // the typed digits): swap the mask once that handler has finished.
    const handleCountryChange = () => {
      queueMicrotask(() => {
        if (!active) return;
        applyMask();
        callbacksRef.current.onCountryChange?.(iti.getSelectedCountry()?.iso2 ?? '');
        emit();
      });
    };
    // Radix dialogs close on Escape in the capture phase of `document`; while the country list is open, Escape
    // must close only the list, so it is taken earlier, at `window`.
    const handleEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      iti.closeCountrySelector();
      selectedCountryButton?.focus();
    };
    const handleOpen = () => {
      window.addEventListener('keydown', handleEscape, { capture: true });
      // The library leaves its country dialog unnamed.
      const selector = document.getElementById(selectedCountryButton?.getAttribute('aria-controls') ?? '');
      if (selector && interfaceTexts.noCountrySelected) selector.setAttribute('aria-label', interfaceTexts.noCountrySelected);
    };
    const handleClose = () => window.removeEventListener('keydown', handleEscape, { capture: true });

    // A whole number pasted or autofilled ("+7 912 345-67-89", "8 (912) 345-67-89") is read by the library, which
    // picks its country and leaves the national part; the mask alone would keep the first digits ("791 2…").
    const isWholeNumber = (text: string) => {
      const digits = text.replace(/\D/g, '').length;
      const slots = (input.getAttribute('placeholder') ?? '').replace(/\D/g, '').length;
      return digits > 0 && (text.trim().startsWith('+') || digits > slots);
    };
    const takeWholeNumber = (text: string) => {
      iti.setNumber(toE164(text, iti.getSelectedCountry()?.iso2 ?? '') ?? text);
    };
    const handlePaste = (event: ClipboardEvent) => {
      const text = event.clipboardData?.getData('text') ?? '';
      if (event.target !== input || !mask || !isWholeNumber(text)) return;
      event.preventDefault();
      event.stopPropagation();
      takeWholeNumber(text);
    };
    const handleWholeInput = (event: Event) => {
      if (event.target !== input || !mask || (event instanceof CustomEvent && event.detail)) return;
      if (!WHOLE_VALUE_INPUT_TYPES.has(event instanceof InputEvent ? event.inputType : '')) return;
      const text = nativeValue(input);
      if (!isWholeNumber(text)) return;
      event.stopPropagation();
      takeWholeNumber(text);
    };
    // Capture phase on the field, before the input's own listeners (inputmask's, the library's).
    field.addEventListener('paste', handlePaste, { capture: true });
    field.addEventListener('input', handleWholeInput, { capture: true });

    input.addEventListener('input', emit);
    input.addEventListener('countrychange', handleCountryChange);
    input.addEventListener('open:countryselector', handleOpen);
    input.addEventListener('close:countryselector', handleClose);
    iti.promise.then(
      () => {
        if (!active) return;
        applyMask();
        emit();
      },
      () => {
        // The utils chunk failed to load: the field works without placeholder and mask; let the next
        // instance try again.
        intlTelInput.startedLoadingUtils = false;
      },
    );

    return () => {
      active = false;
      field.removeEventListener('paste', handlePaste, { capture: true });
      field.removeEventListener('input', handleWholeInput, { capture: true });
      input.removeEventListener('input', emit);
      input.removeEventListener('countrychange', handleCountryChange);
      input.removeEventListener('open:countryselector', handleOpen);
      input.removeEventListener('close:countryselector', handleClose);
      handleClose();
      mask?.remove();
      iti.destroy();
    };
  }, [language, initialCountry]);

  return (
    <div ref={fieldRef} className={styles.field}>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required={required}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={className ?? styles.input}
        onBlur={onBlur}
      />
    </div>
  );
}
