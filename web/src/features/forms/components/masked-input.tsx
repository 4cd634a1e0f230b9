import { useCallback, useEffect, useMemo, useRef, type ComponentPropsWithoutRef, type Ref } from 'react';
import type { FieldMask } from '@/lib/api/types';
import { useInputMask } from '../hooks/use-input-mask';
import { inputmaskOptions, maskedInputValue, type MaskKind } from '../utils/masks';

/** Virtual keyboard per mask kind: digits only, or digits with a decimal point for money. */
const INPUT_MODES: Readonly<Record<MaskKind, 'numeric' | 'decimal'>> = {
  number: 'numeric',
  percentage: 'numeric',
  currency: 'decimal',
  date: 'numeric',
};

/**
 * Native events after which the value may have changed: typing and pasting (`input`), the `k`/`m` shortcuts
 * and Ctrl+↑/↓ (`keyup`), the min clamp on blur (`focusout`, which follows inputmask's `blur` handler).
 */
const VALUE_EVENTS = ['input', 'keyup', 'focusout', 'change'] as const;

/** Props of {@link MaskedInput}: the standard input props plus the mask and the value callback. */
export interface MaskedInputProps
  extends Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'value' | 'defaultValue' | 'onChange' | 'inputMode'> {
  /** Which mask: `number`, `percentage`, `currency`, `date` (spec §5). */
  kind: MaskKind;
  /** The field's mask options from the server; `null` → the defaults of {@link inputmaskOptions}. */
  mask: FieldMask | null;
  /** Initial text (a prefill or the field's default), read through the mask. */
  defaultValue?: string;
  /**
   * The value to send, whenever it changes: number → digits ("15000"), percentage → "0".."100", currency →
   * "1234.50", date → the masked text ("21.11.2026"); "" when empty (forms contract). Also called once the
   * mask is on when the normalised default differs from `defaultValue` (e.g. "1234.5" → "1234.50").
   */
  onValueChange?: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text input with an inputmask mask for `number`, `percentage`, `currency` and `date` form fields (spec §5
 * "Input masks", §9 "Mask defaults"; rules in {@link inputmaskOptions}). Uncontrolled: the mask owns the text;
 * the parent learns the value to send through `onValueChange`. Standard props (id, name, aria-*, onBlur,
 * required, placeholder, autoComplete, className, …) go to the `<input>`; `inputMode` suits the kind.
 */
export function MaskedInput({ kind, mask, defaultValue, onValueChange, ref, ...inputProps }: MaskedInputProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const options = useMemo(() => inputmaskOptions(kind, mask), [kind, mask]);
  const instance = useInputMask(inputRef, options);

  const onValueChangeRef = useRef(onValueChange);
  useEffect(() => {
    onValueChangeRef.current = onValueChange;
  });
  const lastValueRef = useRef(defaultValue ?? '');

  useEffect(() => {
    const input = inputRef.current;
    if (!input || !instance) return;
    const emit = () => {
      const value = maskedInputValue(kind, input);
      if (value === lastValueRef.current) return;
      lastValueRef.current = value;
      onValueChangeRef.current?.(value);
    };
    emit();
    for (const type of VALUE_EVENTS) input.addEventListener(type, emit);
    return () => {
      for (const type of VALUE_EVENTS) input.removeEventListener(type, emit);
    };
  }, [instance, kind]);

  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  return <input {...inputProps} ref={setRefs} type="text" inputMode={INPUT_MODES[kind]} defaultValue={defaultValue} />;
}
