import { useTranslation } from '@/i18n/use-translation';
import type { Offer } from '@/lib/api/types';

/**
 * The offer's maker and SKU as a description list ("Производитель", "Артикул"), or nothing when the
 * feed gives neither. Used by the product page and the quick view; each styles it with `className`.
 */
export function OfferFacts({ offer, className }: { offer: Pick<Offer, 'vendor' | 'vendorCode'>; className?: string }) {
  const { t } = useTranslation();
  if (!offer.vendor && !offer.vendorCode) return null;
  return (
    <dl className={className}>
      {offer.vendor && (
        <div>
          <dt>{t('offer.vendor')}</dt>
          <dd>{offer.vendor}</dd>
        </div>
      )}
      {offer.vendorCode && (
        <div>
          <dt>{t('offer.vendorCode')}</dt>
          <dd>{offer.vendorCode}</dd>
        </div>
      )}
    </dl>
  );
}
