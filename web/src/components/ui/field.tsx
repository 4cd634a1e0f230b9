import { useId, type ReactNode } from 'react';
import styles from './field.module.css';

/** What a field hands its control: spread them onto the `<input>`, `<textarea>` or `<select>` (or pass them on). */
export interface FieldControlProps {
  /** The control's id, which the label's `htmlFor` names. */
  id: string;
  /** The field's look of a text control (border, height, padding); `undefined` in the checkbox and radios layouts. */
  className: string | undefined;
  /** `true` while the field shows an error (rendered `"true"`/`"false"`). */
  'aria-invalid': boolean;
  /** The error's id while there is one, then the hint's; `undefined` when neither is shown. */
  'aria-describedby': string | undefined;
}

/** Props of {@link Field}. */
export interface FieldProps {
  /** What the label says (a `<label>`, or the group's `<legend>` in the radios layout). */
  label: ReactNode;
  /**
   * Renders the control with the props it must carry ({@link FieldControlProps}), between the label and the
   * message: a plain input, or a component such as the phone input, a masked input or the captcha's picture and
   * its input. The radios layout puts the ARIA props on its group itself; its children may ignore them.
   */
  children: (control: FieldControlProps) => ReactNode;
  /** The control's id; one from `useId()` by default. The error's id is `{id}-error`, the hint's `{id}-hint`. */
  id?: string;
  /** Shows the red asterisk after the label (hidden from screen readers: the control says `required` itself). */
  required?: boolean;
  /** The message under the control, already translated; nothing is shown (and the field is valid) while empty. */
  error?: ReactNode;
  /**
   * Makes the message `role="alert"`, read out as it appears (the server forms and the review form). Leave it off
   * where focus moves to the first invalid field, which reads its message through `aria-describedby`, so a submit
   * with three problems announces one, not three at once (the checkout and the account forms, issue 19).
   */
  announceError?: boolean;
  /** Help text under the control (`{id}-hint`), always in `aria-describedby`, after the error. */
  hint?: ReactNode;
  /**
   * `stacked` (the default): the label above the control. `checkbox`: the control, then its label on one row.
   * `radios`: a `<fieldset role="radiogroup">` named by its `<legend>` and carrying the ARIA props, the radios inside.
   */
  layout?: 'stacked' | 'checkbox' | 'radios';
  /** Something between the control and the message (the consent's link to the terms). */
  after?: ReactNode;
  /** `data-field` on the field's box, for "focus the first invalid field" and "which field changed" queries. */
  'data-field'?: string;
}

/**
 * A labelled form control with its message under it (issue 21): the label (`htmlFor` the control's id, or the
 * group's legend), the required mark, the control the caller renders with `aria-invalid` and `aria-describedby`
 * (the error's id, then the hint's), the hint and the error. The checkout, the account forms, the server forms,
 * the review form and the delivery-city search use it; the control stays the caller's, so intl-tel-input, inputmask,
 * textareas, checkboxes and the star radios keep working as they are.
 */
export function Field({
  label,
  children,
  id: givenId,
  required = false,
  error,
  announceError = false,
  hint,
  layout = 'stacked',
  after,
  'data-field': dataField,
}: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(error);
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id,
    className: layout === 'stacked' ? styles.control : undefined,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
  };
  const mark = required ? (
    <span className={styles.required} aria-hidden="true">
      {' *'}
    </span>
  ) : null;

  let body: ReactNode;
  if (layout === 'radios') {
    const legendId = `${id}-legend`;
    // A group is marked invalid only while it is: `aria-invalid="false"` on a radio group says nothing more.
    body = (
      <fieldset
        className={styles.group}
        role="radiogroup"
        aria-labelledby={legendId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
      >
        <legend id={legendId} className={`${styles.label} ${styles.legend}`}>
          {label}
          {mark}
        </legend>
        {children(control)}
      </fieldset>
    );
  } else if (layout === 'checkbox') {
    body = (
      <div className="checkbox-field">
        {children(control)}
        <label htmlFor={id}>
          {label}
          {mark}
        </label>
      </div>
    );
  } else {
    body = (
      <>
        <label htmlFor={id} className={styles.label}>
          {label}
          {mark}
        </label>
        {children(control)}
      </>
    );
  }

  return (
    <div className={layout === 'radios' ? `${styles.field} ${styles.radios}` : styles.field} data-field={dataField}>
      {body}
      {after}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className={styles.error} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
