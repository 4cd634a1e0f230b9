import { useEffect, useRef } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { CartIcon, HeartIcon } from '@/components/ui/icons';
import type { OfferActionsPlace } from '@/components/offer/offer-actions-slot';
import { paths } from '@/config/paths';
import type { Offer } from '@/lib/api/types';
import { BASKET_MAX_LINES, BASKET_MAX_QUANTITY } from '@/config/constants';
import { useAddToBasket, useRemoveBasketLine, useUpdateBasketLine } from '../api/basket-mutations';
import { basketErrorKey } from '../api/basket-errors';
import { useBasket } from '../api/get-basket';
import styles from './offer-basket-actions.module.css';

/** Props of the offer's basket buttons. */
export interface OfferBasketButtonProps {
  offer: Offer;
  place: OfferActionsPlace;
}

/**
 * The offer's line in the cached basket, if any. An answer without lines (a proxy's page, a broken server) counts as
 * an empty basket here: the buttons stay usable, and the slide cart shows the alert for it.
 */
function useOfferLine(offerId: string) {
  const basket = useBasket();
  const lines = basket.data?.lines;
  return Array.isArray(lines) ? lines.find((line) => line.offer.id === offerId) : undefined;
}

/**
 * "В корзину" (issue 6): adds one piece (without scripts too: a form posting to `POST /basket/add`, issue 33); once the offer is in the basket it becomes the link "В корзине" to the cart
 * page, and focus moves to that link when it was on the button. An out-of-stock offer shows a disabled "Нет в
 * наличии". While the add is on its way the button stays focusable (`aria-disabled`); a refused add says why under
 * the button.
 */
export function BasketButton({ offer, place }: OfferBasketButtonProps) {
  const { t } = useTranslation();
  const line = useOfferLine(offer.id);
  const add = useAddToBasket();
  const location = useLocation();
  const size = place === 'page' ? styles.large : styles.small;
  const inBasket = Boolean(line && !line.delay);
  const linkRef = useRef<HTMLAnchorElement | null>(null);
  const focusLink = useRef(false);

  useEffect(() => {
    if (inBasket && focusLink.current) linkRef.current?.focus();
    focusLink.current = false;
  }, [inBasket]);

  let control;
  if (offer.price === 0 && !inBasket) {
    // "Price on request" (issue 35): not sold here; the shopper asks through the feedback form.
    control = (
      <Link to={paths.feedback} className={`button button--secondary ${size}`} data-testid="ask-price">
        {t('offer.askPrice')}
      </Link>
    );
  } else if (inBasket) {
    control = (
      <Link ref={linkRef} to={paths.cart} className={`button button--secondary ${size}`} data-testid="in-basket">
        <CartIcon className={styles.icon} />
        {t('basket.inBasket')}
      </Link>
    );
  } else {
    // A form of the page (issue 33): without scripts it posts to the server, which adds the line and sends the
    // shopper back here; before the app is ready the page's event contract holds the press (`data-hold-press`) and
    // posts it only if the app never comes; the app itself adds through the API.
    control = (
      <form method="post" action={paths.basketAdd} className={styles.form} data-hold-press="">
        <input type="hidden" name="offerId" value={offer.id} />
        <input type="hidden" name="back" value={`${location.pathname}${location.search}#${addedNoteId(offer.id)}`} />
        <button
          type="submit"
          className={`button ${size}`}
          data-testid="add-to-basket"
          disabled={!offer.available}
          aria-disabled={add.isPending || undefined}
          aria-busy={add.isPending || undefined}
          onClick={(event) => {
            event.preventDefault();
            if (add.isPending) return;
            focusLink.current = document.activeElement === event.currentTarget;
            add.mutate({ offerId: offer.id });
          }}
        >
          <CartIcon className={styles.icon} />
          {offer.available ? t('basket.add') : t('offer.outOfStock')}
        </button>
      </form>
    );
  }
  return (
    <div className={styles.cell}>
      {control}
      {/* Shown only as the page's target: where the form's post comes back to (issue 33, no scripts). */}
      <p id={addedNoteId(offer.id)} className={styles.addedNote}>
        {t('basket.addedWithoutScripts')}
      </p>
      {add.isError && (
        <p className={styles.error} role="alert">
          {t(basketErrorKey(add.error), { max: BASKET_MAX_QUANTITY, lines: BASKET_MAX_LINES })}
        </p>
      )}
    </div>
  );
}

/**
 * `id` of the note "Товар добавлен в корзину" beside an offer's "В корзину": the form's post without scripts comes
 * back to the page with it as the fragment, which scrolls to the offer and shows the note (CSS `:target`).
 */
function addedNoteId(offerId: string): string {
  return `added-${offerId}`;
}

/**
 * "В избранное" (issue 6): a toggle (`aria-pressed`, a filled heart when pressed) putting the offer into the wishlist
 * ("delay") or taking it out; its name stays "В избранное" whatever the state. An offer in the basket moves to the
 * wishlist. On cards it is an icon button named "В избранное: {name}" (the tooltip says "В избранном" when pressed).
 */
export function WishlistButton({ offer, place }: OfferBasketButtonProps) {
  const { t } = useTranslation();
  const line = useOfferLine(offer.id);
  const add = useAddToBasket();
  const update = useUpdateBasketLine();
  const remove = useRemoveBasketLine();
  const pressed = Boolean(line?.delay);
  const pending = add.isPending || update.isPending || remove.isPending;
  const error = add.error ?? update.error ?? remove.error;

  const toggle = () => {
    if (pending) return;
    if (line?.delay) remove.mutate({ id: line.id, delay: true });
    else if (line) update.mutate({ id: line.id, delay: true });
    else add.mutate({ offerId: offer.id, delay: true });
  };
  const text = pressed ? t('basket.inWishlist') : t('basket.toWishlist');

  return (
    <div className={styles.cell}>
      <button
        type="button"
        className={place === 'card' ? `icon-button ${styles.toggle}` : `button button--secondary ${styles.large} ${styles.toggle}`}
        data-testid="wishlist-toggle"
        aria-pressed={pressed}
        aria-label={place === 'card' ? t('basket.wishlistToggleLabel', { name: offer.name }) : undefined}
        title={place === 'card' ? text : undefined}
        aria-disabled={pending || undefined}
        onClick={toggle}
      >
        <HeartIcon className={place === 'card' ? 'icon-button__icon' : styles.icon} />
        {place === 'page' && t('basket.toWishlist')}
      </button>
      {error && (
        <p className={styles.error} role="alert">
          {t(basketErrorKey(error), { max: BASKET_MAX_QUANTITY, lines: BASKET_MAX_LINES })}
        </p>
      )}
    </div>
  );
}
