import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { paths } from '@/config/paths';
import { useBasket } from '../api/get-basket';
import { BasketLines } from './basket-lines';
import { BasketTotals } from './basket-totals';
import { EmptyBasket } from './empty-basket';
import styles from './cart-page.module.css';

/** Props of {@link CartPage}. */
export interface CartPageProps {
  /** Show the wishlist tab (`?delay=Y`) instead of the basket. */
  wishlist: boolean;
}

/**
 * The cart page `/personal/cart/` (issue 6): the tabs "Корзина (N)" and "Избранное (N)" (links, so each is a
 * bookmarkable URL; `?delay=Y` is the wishlist), the lines, and for the basket the totals with "Оформить заказ".
 * Empty tabs say so and link to the catalogue.
 */
export function CartPage({ wishlist }: CartPageProps) {
  const { t } = useTranslation();
  const basket = useBasket();

  const tabs = (
    <nav className={styles.tabs} aria-label={t('basket.tabsLabel')}>
      <Link to={paths.cart} className={styles.tab} aria-current={!wishlist ? 'page' : undefined}>
        {t('basket.tabBasket', { count: basket.data?.totals.count ?? 0 })}
      </Link>
      <Link to={paths.wishlist} className={styles.tab} aria-current={wishlist ? 'page' : undefined}>
        {t('basket.tabWishlist', { count: basket.data?.totals.delayCount ?? 0 })}
      </Link>
    </nav>
  );

  let body;
  if (basket.isPending) body = <LoadingState />;
  else if (basket.isError) body = <ErrorState onRetry={() => void basket.refetch()} />;
  else {
    const lines = basket.data.lines.filter((line) => line.delay === wishlist);
    const unavailable = lines.some((line) => !line.offer.available);
    if (lines.length === 0) {
      body = <EmptyBasket text={wishlist ? t('basket.wishlistEmpty') : undefined} />;
    } else {
      body = (
        <div className={styles.layout}>
          <BasketLines lines={lines} variant="page" />
          {!wishlist && (
            <aside className={styles.summary} aria-label={t('basket.summaryLabel')}>
              <BasketTotals totals={basket.data.totals} />
              {unavailable && <p className={styles.note}>{t('basket.unavailableNote')}</p>}
              <Link to={paths.checkout} className="button">
                {t('basket.checkout')}
              </Link>
            </aside>
          )}
        </div>
      );
    }
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{wishlist ? t('basket.wishlistTitle') : t('basket.title')}</h1>
      {tabs}
      {body}
    </div>
  );
}
