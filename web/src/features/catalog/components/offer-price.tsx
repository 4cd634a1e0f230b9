import { useTranslation } from '@/i18n/use-translation';
import { discountPercent, formatMoney } from '@/lib/format';
import styles from './offer-price.module.css';

/** Props of {@link OfferPrice}: API prices in major units. */
export interface OfferPriceProps {
  price: number;
  oldPrice: number | null;
  currencyId: string;
  /** `lg` on the product page, `md` on cards. */
  size?: 'md' | 'lg';
}

/**
 * The price of an offer (`1 480 ₽`); with a higher old price also the old price struck through
 * (`<s>`, announced as "Старая цена") and the discount badge (`−26%`, announced as "Скидка 26%").
 */
export function OfferPrice({ price, oldPrice, currencyId, size = 'md' }: OfferPriceProps) {
  const { t } = useTranslation();
  const percent = discountPercent(price, oldPrice);
  return (
    <div className={`${styles.price} ${size === 'lg' ? styles.large : ''}`}>
      <span className={styles.current} data-testid="price">
        <span className="visually-hidden">{t('offer.price')}: </span>
        {formatMoney(price, currencyId)}
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
