import { useTranslation } from '@/i18n/use-translation';
import { discountPercent, formatMoney } from '@/lib/format';
import styles from './offer-price.module.css';

/** Props of {@link OfferPrice}: API prices in major units. */
export interface OfferPriceProps {
  price: number;
  oldPrice: number | null;
  currencyId: string;
  /** A product's highest variant price (issue 35): above `price`, the two show as a range, without the old price. */
  maxPrice?: number | null;
  /** `lg` on the product page, `md` on cards. */
  size?: 'md' | 'lg';
}

/**
 * The price of an offer (`1 480 ₽`); with a higher old price also the old price struck through
 * (`<s>`, announced as "Старая цена") and the discount badge (`−26%`, announced as "Скидка 26%"). A product of
 * variants with different prices shows their range (`1 000 ₽ – 1 500 ₽`) instead; a zero price reads "Цена по
 * запросу".
 */
export function OfferPrice({ price, oldPrice, currencyId, maxPrice = null, size = 'md' }: OfferPriceProps) {
  const { t } = useTranslation();
  const range = maxPrice !== null && maxPrice > price && price > 0;
  if (price === 0 && !range) {
    // A zero price is "price on request" (issue 35): the feed names none to sell at.
    return (
      <div className={`${styles.price} ${size === 'lg' ? styles.large : ''}`}>
        <span className={`${styles.current} ${styles.onRequest}`} data-testid="price">
          {t('offer.priceOnRequest')}
        </span>
      </div>
    );
  }
  const percent = range ? null : discountPercent(price, oldPrice);
  return (
    <div className={`${styles.price} ${size === 'lg' ? styles.large : ''}`}>
      <span className={`${styles.current} ${range ? styles.range : ''}`} data-testid="price">
        <span className="visually-hidden">{t('offer.price')}: </span>
        {range
          ? t('offer.priceRange', { min: formatMoney(price, currencyId), max: formatMoney(maxPrice, currencyId) })
          : formatMoney(price, currencyId)}
      </span>
      {percent !== null && oldPrice !== null && (
        <>
          <s className={styles.old} data-testid="old-price">
            <span className="visually-hidden">{t('offer.oldPrice')}: </span>
            {formatMoney(oldPrice, currencyId)}
          </s>
          <span className={styles.discount} data-testid="discount">
            <span aria-hidden="true">{t('offer.discount', { percent })}</span>
            <span className="visually-hidden">{t('offer.discountLabel', { percent })}</span>
          </span>
        </>
      )}
    </div>
  );
}
