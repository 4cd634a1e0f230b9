import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { Offer } from '@/lib/api/types';
import { Availability } from './availability';
import { OfferFacts } from './offer-facts';
import { OfferPrice } from './offer-price';
import { ProductGallery } from './product-gallery';
import { VariantChooser } from './variant-chooser';
import styles from './product-details.module.css';

/** Props of {@link ProductDetails}. */
export interface ProductDetailsProps {
  offer: Offer;
  /** Extra actions under the price (the page puts the share toggle here). */
  actions?: ReactNode;
}

/**
 * The body of a product page: gallery, the page's `<h1>` (offer name), price with old price and
 * discount, availability, vendor and vendor code, the chooser of the product's variants (issue 35), then the
 * characteristics table (name, value + unit) and the description. The description is HTML sanitised by the server
 * (docs/api.md "Offers") and rendered as is.
 */
export function ProductDetails({ offer, actions }: ProductDetailsProps) {
  const { t } = useTranslation();
  return (
    <article className={styles.product} data-offer-id={offer.id}>
      <div className={styles.top}>
        <ProductGallery name={offer.name} pictures={offer.pictures} />
        <div className={styles.summary}>
          <h1 className={styles.title}>{offer.name}</h1>
          <OfferFacts offer={offer} className={styles.facts} />
          {offer.variants?.choice && <VariantChooser choice={offer.variants.choice} />}
          <div className={styles.buy}>
            <OfferPrice price={offer.price} oldPrice={offer.oldPrice} currencyId={offer.currencyId} size="lg" />
            <Availability available={offer.available} />
          </div>
          {actions}
        </div>
      </div>
      {offer.params.length > 0 && (
        <section className={styles.section} aria-labelledby={`params-${offer.id}`}>
          <h2 id={`params-${offer.id}`} className={styles.heading}>
            {t('offer.params')}
          </h2>
          <table className={styles.params}>
            <tbody>
              {offer.params.map((param, index) => (
                <tr key={`${index}-${param.name}`}>
                  <th scope="row">{param.name}</th>
                  <td>{param.unit ? `${param.value}\u00a0${param.unit}` : param.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {offer.description && (
        <section className={styles.section} aria-labelledby={`description-${offer.id}`}>
          <h2 id={`description-${offer.id}`} className={styles.heading}>
            {t('offer.description')}
          </h2>
          <div className={styles.description} dangerouslySetInnerHTML={{ __html: offer.description }} />
        </section>
      )}
    </article>
  );
}
