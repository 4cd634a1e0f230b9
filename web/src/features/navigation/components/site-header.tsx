import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { useAnyOverlayOpen } from '@/components/ui/overlay';
import { paths } from '@/config/paths';
import { useLayoutSide } from '@/lib/use-media-query';
import { OnSide } from '@/components/ui/layout-side';
import { useTopMenu } from '../api/get-top-menu';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll';
import { useMenuDisclosure } from '../hooks/use-menu-disclosure';
import { CatalogMegaMenu, CatalogMenuBackdrop } from './catalog-mega-menu';
import { CatalogSlideMenu } from './catalog-slide-menu';
import { HorizontalMenu } from './horizontal-menu';
import { BurgerIcon, CatalogIcon } from '@/components/ui/icons';
import { MobileMainMenu } from './mobile-main-menu';
import { MobileQuickLinks } from './mobile-quick-links';
import styles from './site-header.module.css';

/** Path fragment of the account pages, where narrow screens hide the top panel's foot (spec §2). */
export const PERSONAL_PATH_FRAGMENT = '/personal/';

/** Props of {@link SiteHeader}. */
export interface SiteHeaderProps {
  shopName: string;
  /** The search control for the `search` slot (the app passes the search feature's `HeaderSearch`). */
  search?: ReactNode;
  /** The "Заказать звонок" control for the `callback` slot (the app passes the forms feature's `CallbackButton`). */
  callback?: ReactNode;
  /** The contacts block for the `contacts` slot (the contacts feature's `ContactsWidget`; issue 8). */
  contacts?: ReactNode;
  /** The compare widget for the `compare` slot (the compare feature's `CompareWidget`; issue 6). */
  compare?: ReactNode;
  /** The user widget for the `user` slot (the account feature's `UserWidget`; issue 7). */
  user?: ReactNode;
  /** The wishlist widget for the `wishlist` slot (the basket feature's `WishlistWidget`; issue 6). */
  wishlist?: ReactNode;
  /** The mini cart for the `cart` slot (the basket feature's `MiniCart`; issue 6). */
  cart?: ReactNode;
  /** The delivery location control for the foot's `location` slot (the location feature's `LocationWidget`; issue 8). */
  location?: ReactNode;
}

/**
 * The top panel (issue 3; spec §2 "The top panel sticks on scroll"), the page's `<header>`:
 *
 * - the head: logo, the catalogue button (a hover mega menu with a backdrop at 1043 px and wider,
 *   the catalogue slide menu's icon below), the mobile main menu's icon (below 1043 px), the search
 *   (a field opening the search pop-up, an icon opening the search panel below 1043 px; issue 4), and
 *   empty `data-area` slots where later issues put contacts, user, compare, wishlist and the mini cart;
 * - the foot: the horizontal multilevel menu at 1043 px and wider, the quick-link row below it,
 *   and the `location` slot at its end (the delivery location, issue 8).
 *
 * The whole panel is sticky. Below 1043 px the head stays in place and the foot slides away on
 * scroll-down and back on scroll-up over `TOP_PANEL_FOOTER_SLIDE_MS` (300 ms); on paths containing
 * `/personal/` the foot is hidden below 1043 px; while an overlay is open the foot stays as it is.
 * Both slide menus close on navigation and when the window widens across the breakpoint.
 */
export function SiteHeader({
  shopName,
  search,
  callback,
  contacts,
  user,
  compare,
  wishlist,
  cart,
  location: locationSlot,
}: SiteHeaderProps) {
  const { t } = useTranslation();
  // Before hydration `side` is unknown and the head draws both sides' controls, CSS showing one (issue 22).
  const side = useLayoutSide();
  const isDesktop = side === 'desktop';
  const location = useLocation();
  const menu = useTopMenu();
  const items = menu.data ?? [];
  const catalogDisclosure = useMenuDisclosure();
  const [mainMenuOpen, setMainMenuOpen] = useState(false);
  const [catalogOpen, setCatalogOpen] = useState(false);
  // The controls the slide menus return focus to (Safari and iOS do not focus a clicked button).
  const burgerRef = useRef<HTMLButtonElement | null>(null);
  const [catalogOpener, setCatalogOpener] = useState<HTMLElement | null>(null);
  const openCatalog = useCallback((opener: HTMLElement) => {
    setCatalogOpener(opener);
    setCatalogOpen(true);
  }, []);
  const panelRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    setMainMenuOpen(false);
    setCatalogOpen(false);
  }, [location.pathname, location.search]);

  const { setOpen: setCatalogMenuOpen } = catalogDisclosure;
  useEffect(() => {
    if (side === 'mobile') setCatalogMenuOpen(false);
  }, [side, setCatalogMenuOpen]);

  const personal = location.pathname.includes(PERSONAL_PATH_FRAGMENT);
  // The foot stays while the panel has not scrolled out of its place in the page yet.
  const revealAbovePx = useCallback(() => panelRef.current?.offsetHeight ?? 0, []);
  // While an overlay locks the page (the overlay stack is not empty) the foot keeps its state: the
  // lock and the restore of the scroll position are not the shopper scrolling.
  const pageLocked = useAnyOverlayOpen();
  const foot = useHideOnScroll({ enabled: side === 'mobile' && !personal, revealAbovePx, frozen: pageLocked });

  return (
    <>
      <header
        ref={panelRef}
        className={styles.topPanel}
        data-menu-open={catalogDisclosure.state !== 'closed' || undefined}
      >
        <div className={styles.head} data-testid="top-panel-head">
          <div className={`container ${styles.headInner}`}>
            <OnSide only="mobile" side={side}>
              <button
                ref={burgerRef}
                type="button"
                className="icon-button"
                aria-label={t('nav.menu')}
                aria-haspopup="dialog"
                aria-expanded={mainMenuOpen}
                onClick={() => setMainMenuOpen(true)}
              >
                <BurgerIcon className="icon-button__icon" />
              </button>
            </OnSide>
            <Link to={paths.home} className={styles.logo} aria-label={t('nav.logo', { shop: shopName })}>
              <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
                <rect width="32" height="32" rx="8" />
                <path d="M8 11h16l-2 11H10z" />
                <path d="M12 11a4 4 0 0 1 8 0" />
              </svg>
              <span className={styles.name} title={shopName}>
                {shopName}
              </span>
            </Link>
            <OnSide only="desktop" side={side}>
              <CatalogMegaMenu disclosure={catalogDisclosure} />
            </OnSide>
            <div className={styles.search} data-area="search">
              {search}
            </div>
            <OnSide only="mobile" side={side}>
              <button
                type="button"
                className="icon-button"
                aria-label={t('nav.catalog')}
                aria-haspopup="dialog"
                aria-expanded={catalogOpen}
                onClick={(event) => openCatalog(event.currentTarget)}
              >
                <CatalogIcon className="icon-button__icon" />
              </button>
            </OnSide>
            <div className={styles.areas}>
              <div data-area="callback">{callback}</div>
              <div data-area="contacts">{contacts}</div>
              <div data-area="user">{user}</div>
              <div data-area="compare">{compare}</div>
              <div data-area="wishlist">{wishlist}</div>
              <div data-area="cart">{cart}</div>
            </div>
          </div>
        </div>
        <div
          className={styles.foot}
          data-testid="top-panel-foot"
          data-hidden={foot.hidden || undefined}
          data-personal={personal || undefined}
          onFocus={foot.reveal}
        >
          <div className={`container ${styles.footInner}`}>
            <OnSide only="desktop" side={side}>
              {items.length > 0 && <HorizontalMenu items={items} />}
            </OnSide>
            <OnSide only="mobile" side={side}>
              <MobileQuickLinks items={items} />
            </OnSide>
            <div className={styles.location} data-area="location">
              {locationSlot}
            </div>
          </div>
        </div>
        {isDesktop && <CatalogMenuBackdrop disclosure={catalogDisclosure} />}
      </header>
      <MobileMainMenu
        open={mainMenuOpen}
        onOpenChange={setMainMenuOpen}
        onOpenCatalog={openCatalog}
        returnFocusTo={burgerRef}
      />
      <CatalogSlideMenu open={catalogOpen} onOpenChange={setCatalogOpen} returnFocusTo={catalogOpener} />
    </>
  );
}
