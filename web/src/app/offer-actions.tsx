import type { OfferActionsRenderer } from '@/components/offer/offer-actions-slot';
import { BasketButton, WishlistButton } from '@/features/basket/components/offer-basket-actions';
import { CompareButton } from '@/features/compare/components/compare-button';
import styles from './offer-actions.module.css';

/**
 * The offer actions of cards and the product page (issue 6): "В корзину" / "В корзине", "В избранное" and
 * "Сравнить", composed here because features never import each other. On cards the wishlist and compare toggles sit
 * in the card's top-right corner.
 */
export const renderOfferActions: OfferActionsRenderer = (offer, place) => {
  // A compare-table column gets the cards' compact buttons, in its own flow (data-place="table").
  const size = place === 'page' ? 'page' : 'card';
  return (
    <div className={styles.actions} data-place={place}>
      <BasketButton offer={offer} place={size} />
      <WishlistButton offer={offer} place={size} />
      <CompareButton offer={offer} place={size} />
    </div>
  );
};
