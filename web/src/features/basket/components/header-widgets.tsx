import { useTranslation } from '@/i18n/use-translation';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CartIcon, HeartIcon } from '@/components/ui/icons';
import { usePanelOpener } from '@/components/ui/overlay';
import { SLIDE_CART_BASKET_VIEW } from '@/config/constants';
import { normalizePath, paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useBasketSummary } from '../api/get-basket';
import { useBasketAnnouncement, useBasketSignal, useShake } from '../hooks/basket-signals';
import { SlideCart } from './slide-cart';
import styles from './header-widgets.module.css';

/** Paths where the slide-out cart never opens and the mini cart links to the cart page (spec §2). */
export const SLIDE_CART_SUPPRESSED_PATHS = [paths.cart, paths.checkout] as const;

/**
 * Whether the slide-out cart may open on `pathname` (spec §2: not on paths containing the cart or checkout path;
 * `/personal/cart` without the slash counts too).
 */
export function slideCartAllowedOn(pathname: string): boolean {
  const path = normalizePath(pathname);
  return !SLIDE_CART_SUPPRESSED_PATHS.some((suppressed) => path.includes(suppressed));
}

/**
 * The header's mini cart (issue 6; spec §2, §4): the cart icon with the basket's line count and sum, marked
 * `data-empty` at 0. With the `basketView` setting `RIGHT` (spec §9) a click opens the slide-out cart; on the cart
 * and checkout pages, and with `PAGE`, it is a link to `/personal/cart/`. After each basket change the summary
 * reloads and the icon shakes for `SHAKE_DURATION_MS` (class `is-shaking`); a polite live region announces adds
 * ("Товар добавлен в корзину").
 *
 * Until the session says which (the server's HTML, and the moments after hydration) it is the link, which works
 * without scripts; with them, a press on it waits for the session and then does what the setting says (issue 33:
 * the event contract holds it before hydration, `data-hold-press`).
 */
export function MiniCart() {
  const { t } = useTranslation();
  const summary = useBasketSummary();
  const session = useSession();
  const location = useLocation();
  const { open, setOpen, openerRef: buttonRef } = usePanelOpener();
  const { shaking, restart } = useShake(useBasketSignal('basket'));

  const count = summary.data?.count ?? 0;
  const label =
    count > 0 && summary.data
      ? t('basket.miniCartLabel', { count, sum: formatMoney(summary.data.sum, summary.data.currencyId) })
      : t('basket.miniCartEmpty');
  const slide = session.data?.settings.basketView === SLIDE_CART_BASKET_VIEW && slideCartAllowedOn(location.pathname);
  const navigate = useNavigate();
  const [pressedEarly, setPressedEarly] = useState(false);
  const known = session.data !== undefined || session.isError;
  useEffect(() => {
    if (!pressedEarly || !known) return;
    setPressedEarly(false);
    if (slide) setOpen(true);
    else navigate(paths.cart);
  }, [pressedEarly, known, slide, setOpen, navigate]);
  const body = (
    <>
      <span className="count-badge-box">
        <CartIcon key={restart} className={`icon-button__icon ${styles.icon}${shaking ? ' is-shaking' : ''}`} />
        <span className="count-badge" data-testid="mini-cart-count" aria-hidden="true">
          {count}
        </span>
      </span>
      {count > 0 && summary.data && (
        <span className={styles.sum} data-testid="mini-cart-sum" aria-hidden="true">
          {formatMoney(summary.data.sum, summary.data.currencyId)}
        </span>
      )}
    </>
  );

  return (
    <>
      {slide ? (
        <button
          ref={buttonRef}
          type="button"
          className="icon-button"
          data-testid="mini-cart"
          data-empty={count === 0 || undefined}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          {body}
        </button>
      ) : (
        <Link
          to={paths.cart}
          className="icon-button"
          data-testid="mini-cart"
          data-empty={count === 0 || undefined}
          data-hold-press=""
          aria-label={label}
          aria-busy={pressedEarly || undefined}
          onClick={(event) => {
            if (known || event.ctrlKey || event.metaKey || event.shiftKey || event.button > 0) return;
            event.preventDefault();
            setPressedEarly(true);
          }}
        >
          {body}
        </Link>
      )}
      <BasketAnnouncer />
      {slide && <SlideCart open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />}
    </>
  );
}

/**
 * The header's wishlist ("delay") widget (issue 6; spec §4): a heart with the wishlist's count linking to the cart
 * page's wishlist tab, `data-empty` at 0; shakes for `SHAKE_DURATION_MS` after each wishlist change.
 */
export function WishlistWidget() {
  const { t } = useTranslation();
  const summary = useBasketSummary();
  const { shaking, restart } = useShake(useBasketSignal('delay'));
  const count = summary.data?.delayCount ?? 0;
  return (
    <Link
      to={paths.wishlist}
      className="icon-button"
      data-testid="wishlist-widget"
      data-empty={count === 0 || undefined}
      aria-label={t('basket.wishlistLabel', { count })}
    >
      <span className="count-badge-box">
        <HeartIcon key={restart} className={`icon-button__icon ${styles.icon}${shaking ? ' is-shaking' : ''}`} />
        <span className="count-badge" data-testid="wishlist-count" aria-hidden="true">
          {count}
        </span>
      </span>
    </Link>
  );
}

/** The polite live region of basket changes: "Товар добавлен в корзину" and the like. */
function BasketAnnouncer() {
  const { serial, text } = useBasketAnnouncement();
  // Alternating a trailing no-break space makes a repeated text a change screen readers announce again.
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="basket-announcer">
      {text ? `${text}${serial % 2 ? '\u00a0' : ''}` : ''}
    </div>
  );
}
