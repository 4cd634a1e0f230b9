import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import {
  CHECKOUT_COMMENT_MAX_CHARS,
  CHECKOUT_NAME_MAX_CHARS,
  CHECKOUT_VALUE_MAX_CHARS,
  DEFAULT_PHONE_COUNTRY,
} from '@/config/constants';
import { NEW_PAGE_STATE, orderConfirmationPath, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useSessionLocation } from '@/lib/session';
import { isEmailAddress } from '@/lib/validation';
import { BASKET_QUERY_KEY, useBasket } from '../api/get-basket';
import { DELIVERY_METHODS, PAYMENT_METHODS, placeOrder, type OrderInput } from '../api/orders';
import { signalBasketChange } from '../hooks/basket-signals';
import { BasketTotals } from './basket-totals';
import { EmptyBasket } from './empty-basket';
import styles from './checkout-form.module.css';

/** What the phone field reports on each change: the international number and its country. */
export interface CheckoutPhone {
  /** International format (`+7 912 345-67-89`), empty while nothing is typed. */
  fullValue: string;
  /** ISO 3166-1 alpha-2, lower case. */
  iso2: string;
}

/** Props the checkout hands to the phone field it is given. */
export interface CheckoutPhoneFieldProps {
  id: string;
  /** The field's look of a text control ({@link Field}'s `className`). */
  className: string | undefined;
  invalid: boolean;
  describedBy?: string;
  onChange: (phone: CheckoutPhone) => void;
}

/** Props of {@link CheckoutForm}. */
export interface CheckoutFormProps {
  /**
   * Renders the phone field (the app passes the forms feature's masked phone input, issue 5: features never import
   * each other).
   */
  renderPhoneField: (props: CheckoutPhoneFieldProps) => ReactNode;
  /** Whether `fullValue` is a valid number of `iso2` (the forms' rule, spec §5 FORMS_PHONE_WRONG). */
  isValidPhone: (fullValue: string, iso2: string) => boolean;
}

type FieldName = 'name' | 'phone' | 'email' | 'city' | 'address' | 'comment';
const FIELD_NAMES: readonly FieldName[] = ['name', 'phone', 'email', 'city', 'address', 'comment'];

/** Field messages of the checkout (the forms' codes, spec §5); a server code not among them shows as invalid. */
const FIELD_CODES = [
  'FORMS_NOT_EMPTY_INVALID',
  'FORMS_PHONE_WRONG',
  'FORMS_EMAIL_INVALID',
  'FORMS_VALUE_TOO_LONG',
  'FORMS_VALUE_INVALID',
] as const;
type FieldCode = (typeof FIELD_CODES)[number];
type FieldErrors = Partial<Record<FieldName, FieldCode>>;

/** Longest value of each text field, characters (the server's `ORDER_*_MAX_CHARS`). */
const MAX_CHARS: Record<FieldName, number> = {
  name: CHECKOUT_NAME_MAX_CHARS,
  phone: CHECKOUT_VALUE_MAX_CHARS,
  email: CHECKOUT_VALUE_MAX_CHARS,
  city: CHECKOUT_VALUE_MAX_CHARS,
  address: CHECKOUT_VALUE_MAX_CHARS,
  comment: CHECKOUT_COMMENT_MAX_CHARS,
};
/** Refusals of the whole order the checkout explains above the form (`checkout.errors.*`). */
const ORDER_ERROR_CODES = [
  'BASKET_EMPTY',
  'OFFER_UNAVAILABLE',
  'BASKET_CURRENCY_MIXED',
  'ORDER_QUANTITY_LIMIT',
  'BASKET_TOTAL_TOO_LARGE',
  'RATE_LIMITED',
] as const;
type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];
type FormErrorKey = `checkout.errors.${OrderErrorCode}` | 'basket.errors.generic';

function orderErrorCode(code: string): OrderErrorCode | undefined {
  return ORDER_ERROR_CODES.find((c) => c === code);
}

function fieldCode(code: string): FieldCode {
  return FIELD_CODES.find((c) => c === code) ?? 'FORMS_VALUE_INVALID';
}

/** The client-side check of the checkout, with the server's codes; the server checks everything again. */
function validate(input: OrderInput, isValidPhone: CheckoutFormProps['isValidPhone']): FieldErrors {
  const errors: FieldErrors = {};
  const required = (field: FieldName, value: string) => {
    if (!value.trim()) errors[field] = 'FORMS_NOT_EMPTY_INVALID';
    else if (value.length > MAX_CHARS[field]) errors[field] = 'FORMS_VALUE_TOO_LONG';
  };
  required('name', input.name);
  required('city', input.city);
  if (input.deliveryMethod === 'courier') required('address', input.address);
  if (!input.phone) errors.phone = 'FORMS_NOT_EMPTY_INVALID';
  else if (!isValidPhone(input.phone, input.phoneCountry)) errors.phone = 'FORMS_PHONE_WRONG';
  if (input.email.length > MAX_CHARS.email) errors.email = 'FORMS_VALUE_TOO_LONG';
  else if (input.email && !isEmailAddress(input.email)) errors.email = 'FORMS_EMAIL_INVALID';
  if (input.comment.length > MAX_CHARS.comment) errors.comment = 'FORMS_VALUE_TOO_LONG';
  return errors;
}

/**
 * The checkout `/personal/order/make/` (issue 6): contact fields (name, the masked phone of the forms, e-mail), city,
 * delivery (pickup or courier, which asks for the address) and payment (cash or card on delivery), a comment, and
 * the order summary. Fields are checked on submit with the server's codes; the server's 422 errors show under their
 * fields, a 409 (empty basket, an offer no longer available) above the form. A placed order empties the basket,
 * reloads the mini cart and opens the confirmation page.
 *
 * The city follows the shopper's delivery location (issue 8), read from the session (features never import each
 * other): an empty city is prefilled with the session's city, and choosing another city in the header's location
 * panel meanwhile puts its name in the field.
 */
export function CheckoutForm({ renderPhoneField, isValidPhone }: CheckoutFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const basket = useBasket();
  const formRef = useRef<HTMLFormElement | null>(null);
  const [phone, setPhone] = useState<CheckoutPhone>({ fullValue: '', iso2: DEFAULT_PHONE_COUNTRY });
  const phoneRef = useRef(phone);
  const [delivery, setDelivery] = useState<OrderInput['deliveryMethod']>('pickup');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormErrorKey | null>(null);
  const [city, setCity] = useState('');
  const sessionLocation = useSessionLocation();
  // The id of the session's city last applied: `undefined` until the session has answered, `null` for none.
  const appliedLocation = useRef<number | null | undefined>(undefined);

  useEffect(() => {
    if (sessionLocation === undefined) return;
    const id = sessionLocation?.id ?? null;
    const first = appliedLocation.current === undefined;
    if (!first && appliedLocation.current === id) return;
    appliedLocation.current = id;
    if (!sessionLocation) return;
    const name = sessionLocation.name;
    // The first city only fills an empty field; a city chosen later replaces what the field holds.
    setCity((value) => (first && value.trim() ? value : name));
    setErrors((current) => {
      if (!current.city) return current;
      const next = { ...current };
      delete next.city;
      return next;
    });
  }, [sessionLocation]);

  /** Moves focus to the first field with a message, in the form's order. */
  const focusFirstInvalid = (found: FieldErrors) => {
    const first = FIELD_NAMES.find((name) => found[name]);
    if (!first) return;
    formRef.current
      ?.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] textarea`)
      ?.focus();
  };

  const order = useMutation({
    mutationFn: placeOrder,
    onSuccess: async ({ number }) => {
      await queryClient.invalidateQueries({ queryKey: BASKET_QUERY_KEY });
      signalBasketChange('basket');
      void navigate(orderConfirmationPath(number), { state: { [NEW_PAGE_STATE]: true } });
    },
    onError: (error) => {
      const refusal = error instanceof ApiError ? orderErrorCode(error.code) : undefined;
      if (error instanceof ApiError && error.status === 422) {
        // Field errors land under their fields; one the form has no field for (a delivery or payment method the
        // server refused) is said above the form.
        const fromServer: FieldErrors = {};
        let unplaced = false;
        for (const item of error.errors) {
          const field = FIELD_NAMES.find((name) => name === item.field);
          if (!field) unplaced = true;
          else if (!(field in fromServer)) fromServer[field] = fieldCode(item.code);
        }
        setErrors(fromServer);
        setFormError(unplaced || Object.keys(fromServer).length === 0 ? 'basket.errors.generic' : null);
        focusFirstInvalid(fromServer);
      } else if (refusal) {
        setFormError(`checkout.errors.${refusal}`);
        void queryClient.invalidateQueries({ queryKey: BASKET_QUERY_KEY });
      } else {
        setFormError('basket.errors.generic');
      }
    },
  });

  if (basket.isPending) return <LoadingState />;
  if (basket.isError) return <ErrorState onRetry={() => void basket.refetch()} />;
  const lines = basket.data.lines.filter((line) => !line.delay);
  if (lines.length === 0 && !order.isPending && !order.isSuccess) {
    return <EmptyBasket />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const input: OrderInput = {
      name: text('name'),
      phone: phone.fullValue,
      phoneCountry: phone.iso2,
      email: text('email'),
      city: text('city'),
      address: delivery === 'courier' ? text('address') : '',
      deliveryMethod: delivery,
      paymentMethod: text('paymentMethod') as OrderInput['paymentMethod'],
      comment: text('comment'),
    };
    const found = validate(input, isValidPhone);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(found);
      return;
    }
    order.mutate(input);
  };

  // A field's message goes once the shopper changes the field; the next submit checks again.
  const clearError = (name: FieldName) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLElement).closest<HTMLElement>('[data-field]')?.dataset.field;
    if (name) clearError(name as FieldName);
  };

  const fieldId = (name: FieldName) => `${id}-${name}`;
  // A message names its field (issue 19: "Заполните поле" alone does not say which) and is no alert of its own:
  // focus goes to the first invalid field, which reads its message through aria-describedby, so a submit with
  // three problems announces one, not three at once.
  const message = (name: FieldName) =>
    errors[name] ? (
      <>
        <span className="visually-hidden">{`${t(`checkout.fields.${name}`)}:`}</span> {t(errors[name])}
      </>
    ) : undefined;
  const textField = (
    name: FieldName,
    type: string,
    autoComplete: string,
    required: boolean,
    control?: { value: string; onChange: (value: string) => void },
  ) => (
    <Field
      id={fieldId(name)}
      label={t(`checkout.fields.${name}`)}
      required={required}
      error={message(name)}
      data-field={name}
    >
      {(props) => (
        <input
          {...props}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required={required}
          maxLength={MAX_CHARS[name]}
          {...(control && { value: control.value, onChange: (event) => control.onChange(event.target.value) })}
        />
      )}
    </Field>
  );

  return (
    <div className={styles.layout}>
      <form
        ref={formRef}
        className={styles.form}
        noValidate
        onSubmit={onSubmit}
        onInput={onInput}
        aria-busy={order.isPending}
      >
        {formError && <Alert variant="error">{t(formError)}</Alert>}
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('checkout.contacts')}</legend>
          {textField('name', 'text', 'name', true)}
          <Field id={fieldId('phone')} label={t('checkout.fields.phone')} required error={message('phone')} data-field="phone">
            {(props) =>
              renderPhoneField({
                id: props.id,
                className: props.className,
                invalid: props['aria-invalid'],
                describedBy: props['aria-describedby'],
                onChange: (next) => {
                  const current = phoneRef.current;
                  if (current.fullValue !== next.fullValue || current.iso2 !== next.iso2) clearError('phone');
                  phoneRef.current = next;
                  setPhone(next);
                },
              })
            }
          </Field>
          {textField('email', 'email', 'email', false)}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('checkout.delivery')}</legend>
          {textField('city', 'text', 'address-level2', true, { value: city, onChange: setCity })}
          <div className={styles.choices}>
            {DELIVERY_METHODS.map((method) => (
              <label key={method} className={styles.choice}>
                <input
                  type="radio"
                  name="deliveryMethod"
                  value={method}
                  checked={delivery === method}
                  onChange={() => setDelivery(method)}
                />
                {t(`checkout.deliveryMethods.${method}`)}
              </label>
            ))}
          </div>
          {delivery === 'courier' && textField('address', 'text', 'street-address', true)}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('checkout.payment')}</legend>
          <div className={styles.choices}>
            {PAYMENT_METHODS.map((method, index) => (
              <label key={method} className={styles.choice}>
                <input type="radio" name="paymentMethod" value={method} defaultChecked={index === 0} />
                {t(`checkout.paymentMethods.${method}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Field id={fieldId('comment')} label={t('checkout.fields.comment')} error={message('comment')} data-field="comment">
          {(props) => <textarea {...props} name="comment" rows={3} maxLength={MAX_CHARS.comment} />}
        </Field>
        <button type="submit" className={`button ${styles.submit}`} disabled={order.isPending}>
          {order.isPending ? t('checkout.placing') : t('checkout.place')}
        </button>
      </form>
      <aside className={styles.summary} aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className={styles.summaryTitle}>
          {t('checkout.summary')}
        </h2>
        <ul className={styles.lines}>
          {lines.map((line) => (
            <li key={line.id} className={styles.line}>
              <span>
                {line.offer.name} × {line.quantity}
              </span>
              <span className={styles.lineSum}>{formatMoney(line.sum, line.offer.currencyId)}</span>
            </li>
          ))}
        </ul>
        <BasketTotals totals={basket.data.totals} />
        <Link to={paths.cart}>{t('checkout.editCart')}</Link>
      </aside>
    </div>
  );
}
