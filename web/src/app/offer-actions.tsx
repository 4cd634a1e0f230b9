import { Link } from 'react-router';
import type { OfferActionsRenderer } from '@/components/offer/offer-actions-slot';
import { useTranslation } from '@/i18n/use-translation';
import type { Offer } from '@/lib/api/types';
import { BasketButton, WishlistButton } from '@/features/basket/components/offer-basket-actions';
import { CompareButton } from '@/features/compare/components/compare-button';
import styles from './offer-actions.module.css';

/**
 * "Выбрать" on the card of a product of several variants (issue 35): the shopper picks the variant on its page, where
 * "В корзину" adds the one chosen; a card adds none on its own.
 */
function ChooseVariantLink({ offer }: { offer: Offer }) {
  const { t } = useTranslation();
  return (
    <div>
      <Link
        to={offer.url}
        className={`button ${styles.choose}`}
        data-testid="choose-variant"
        aria-label={t('variants.chooseLabel', { name: offer.name })}
      >
        {t('variants.choose')}
      </Link>
    </div>
  );
}

/**
 * The offer actions of cards and the product page (issue 6): "В корзину" / "В корзине", "В избранное" and
 * "Сравнить", composed here because features never import each other. On cards the wishlist and compare toggles sit
 * in the card's top-right corner.
 */
export const renderOfferActions: OfferActionsRenderer = (offer, place) => {
  // A compare-table column gets the cards' compact buttons, in its own flow (data-place="table").
  const size = place === 'page' ? 'page' : 'card';
  const choose = place === 'card' && (offer.variants?.count ?? 0) > 1;
  return (
    <div className={styles.actions} data-place={place}>
      {choose ? <ChooseVariantLink offer={offer} /> : <BasketButton offer={offer} place={size} />}
      <WishlistButton offer={offer} place={size} />
      <CompareButton offer={offer} place={size} />
    </div>
  );
};
