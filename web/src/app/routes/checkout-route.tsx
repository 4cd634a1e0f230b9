import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeading } from '@/components/ui/page-heading';
import { basketParams, paths } from '@/config/paths';
import { CheckoutForm } from '@/features/basket/components/checkout-form';
import { OrderConfirmation } from '@/features/basket/components/order-confirmation';
import { PhoneInput } from '@/features/forms/components/phone-input';
import { isValidPhone } from '@/features/forms/utils/phone';
import { PageTitle } from '../page-title';

/**
 * The checkout `/personal/order/make/` (issue 6), and with `?ORDER_ID=N` the confirmation of order N (the original's
 * address). The checkout's phone is the forms' masked phone field (issue 5), with the same validity rule.
 */
export function CheckoutRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const number = params.get(basketParams.orderId);
  const title = number ? t('checkout.confirmationTitle') : t('checkout.title');
  return (
    <>
      <PageTitle title={title} />
      <Breadcrumbs
        items={[
          { label: t('nav.home'), to: paths.home },
          { label: t('basket.title'), to: paths.cart },
          { label: title },
        ]}
      />
      {number ? (
        <OrderConfirmation number={number} />
      ) : (
        <>
          <PageHeading>{title}</PageHeading>
          <CheckoutForm
            isValidPhone={isValidPhone}
            renderPhoneField={({ id, className, invalid, describedBy, onChange }) => (
              <PhoneInput
                id={id}
                name="phone"
                required
                invalid={invalid}
                describedBy={describedBy}
                className={className}
                onChange={(value) => onChange({ fullValue: value.FULL_VALUE, iso2: value.COUNTRY.iso2 })}
              />
            )}
          />
        </>
      )}
    </>
  );
}
