import type { FieldControlProps } from '@/components/ui/field';
import { FORM_TEXTAREA_MAX_CHARS, FORM_VALUE_MAX_CHARS } from '@/config/constants';
import type { PhoneValue, ReadyForm } from '../api/forms';
import type { FormField } from '@/lib/api/types';
import type { FieldValue } from '../utils/validate';
import { MaskedInput } from './masked-input';
import { PhoneInput } from './phone-input';

/** Props of {@link ServerFieldControl}. */
export interface ServerFieldControlProps {
  /** The form the field belongs to: its phone mask setting, initial country and prefill. */
  form: ReadyForm;
  field: FormField;
  /** What the field's {@link Field} hands its control: id, look, `aria-invalid`, `aria-describedby`. */
  control: FieldControlProps;
  value: FieldValue | undefined;
  onChange: (value: string | PhoneValue) => void;
  onBlur: () => void;
  /** The phone field's country changed (its error no longer applies). */
  onCountryChange: () => void;
}

/**
 * The control of one field of a server-described form (spec §3, §5) by its type: a textarea, the phone field
 * (intl-tel-input with the mask when the form asks for it, else a plain `tel` input), a masked number, percentage,
 * currency or date, or a text or e-mail input. The label and the error are its {@link Field}'s.
 */
export function ServerFieldControl({
  form,
  field,
  control,
  value,
  onChange,
  onBlur,
  onCountryChange,
}: ServerFieldControlProps) {
  const common = {
    ...control,
    name: field.code,
    'aria-required': field.required === 'Y' || undefined,
    onBlur,
    placeholder: field.placeholder ?? undefined,
  };
  switch (field.type) {
    case 'textarea':
      return (
        <textarea
          {...common}
          rows={5}
          maxLength={FORM_TEXTAREA_MAX_CHARS}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'phone':
      if (form.phoneMask) {
        return (
          <PhoneInput
            id={control.id}
            name={field.code}
            initialCountry={form.country}
            defaultValue={form.values[field.code] ?? undefined}
            invalid={control['aria-invalid']}
            describedBy={control['aria-describedby']}
            required={field.required === 'Y'}
            className={control.className}
            onBlur={onBlur}
            onChange={onChange}
            onCountryChange={onCountryChange}
          />
        );
      }
      return (
        <input
          {...common}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={FORM_VALUE_MAX_CHARS}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'number':
    case 'percentage':
    case 'currency':
    case 'date':
      return (
        <MaskedInput
          {...common}
          kind={field.type}
          mask={field.mask}
          defaultValue={typeof value === 'string' ? value : undefined}
          onValueChange={onChange}
        />
      );
    default:
      return (
        <input
          {...common}
          type={field.type === 'email' ? 'email' : 'text'}
          autoComplete={autoComplete(field)}
          maxLength={FORM_VALUE_MAX_CHARS}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/** The browser's autofill hint for a text field, from its code. */
function autoComplete(field: FormField): string | undefined {
  if (field.type === 'email') return 'email';
  if (field.code === 'NAME') return 'name';
  return undefined;
}
