import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { THUMBNAIL_IMAGE_SIZE_PX } from '@/config/constants';
import { Picture } from '@/components/ui/picture';
import { formatMoney } from '@/lib/format';
import type { SearchItem } from '../api/search';
import styles from './search-item.module.css';

/** Props of {@link SearchItemView}. */
export interface SearchItemViewProps {
  item: SearchItem;
  /**
   * `false` inside the instant search's listbox: an option holds no interactive content (the row itself opens the
   * product on a click or Enter), so the name is plain text there. The results page links the name (default).
   */
  link?: boolean;
}

/**
 * One found offer (issue 4; spec §3 ITEMS): the picture (a placeholder when there is none or it fails), the name
 * (linking to the product page, see {@link SearchItemViewProps.link}), each parameter as "name: value", the price only when above 0 and the old price
 * (struck through) only when present, both formatted for the offer's currency.
 */
export function SearchItemView({ item, link = true }: SearchItemViewProps) {
  const { t } = useTranslation();
  const oldPrice = item.oldPrice;
  return (
    <div
      className={styles.item}
      data-testid="search-item"
      data-offer-id={item.id}
      data-category-id={item.categoryId ?? undefined}
    >
      <Picture
        className={styles.itemPicture}
        picture={item.picture}
        slot="thumbnail"
        alt=""
        width={THUMBNAIL_IMAGE_SIZE_PX}
        height={THUMBNAIL_IMAGE_SIZE_PX}
      />
      <div className={styles.itemBody}>
        {link ? (
          <Link to={item.url} className={styles.itemName}>
            {item.name}
          </Link>
        ) : (
          <span className={styles.itemName}>{item.name}</span>
        )}
        {item.parameters.length > 0 && (
          <span className={styles.itemParams}>
            {item.parameters.map((parameter, index) => (
              <span key={`${parameter.name}-${index}`} className={styles.itemParam} data-testid="search-item-param">
                {parameter.name}: {parameter.value}
              </span>
            ))}
          </span>
        )}
      </div>
      {(item.price > 0 || (oldPrice !== null && oldPrice > 0)) && (
        <span className={styles.itemPrices}>
          {item.price > 0 && (
            <span className={styles.itemPrice} data-testid="search-item-price">
              <span className="visually-hidden">{t('offer.price')}: </span>
              {formatMoney(item.price, item.currencyId)}
            </span>
          )}
          {oldPrice !== null && oldPrice > 0 && (
            <s className={styles.itemOldPrice} data-testid="search-item-old-price">
              <span className="visually-hidden">{t('offer.oldPrice')}: </span>
              {formatMoney(oldPrice, item.currencyId)}
            </s>
          )}
        </span>
      )}
    </div>
  );
}
