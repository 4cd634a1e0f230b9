/** A visible asterisk after a required field's label; screen readers hear `aria-required` instead. */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="form-required" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}
