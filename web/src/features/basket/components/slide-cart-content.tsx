import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Basket } from '@/lib/api/types';
import { BasketLines } from './basket-lines';
import { BasketTotals } from './basket-totals';
import { EmptyBasket } from './empty-basket';
import styles from './slide-cart-content.module.css';

/**
 * The slide cart's body (a lazy chunk with its styles, spec §7): the basket lines, the totals, "Оформить заказ"
 * and "Перейти в корзину"; an empty basket says so and links to the catalogue. Wishlist lines stay on the cart
 * page's wishlist tab, linked here when there are any.
 */
export function SlideCartContent({ basket }: { basket: Basket }) {
  const { t } = useTranslation();
  const lines = basket.lines.filter((line) => !line.delay);
  if (lines.length === 0) {
    return (
      <EmptyBasket>
        {basket.totals.delayCount > 0 && (
          <Link to={paths.wishlist}>{t('basket.wishlistLink', { count: basket.totals.delayCount })}</Link>
        )}
      </EmptyBasket>
    );
  }
  return (
    <div className={styles.content}>
      <BasketLines lines={lines} variant="panel" />
      <BasketTotals totals={basket.totals} />
      <div className={styles.buttons}>
        <Link to={paths.checkout} className="button">
          {t('basket.checkout')}
        </Link>
        <Link to={paths.cart} className="button button--secondary">
          {t('basket.toCart')}
        </Link>
      </div>
    </div>
  );
}
