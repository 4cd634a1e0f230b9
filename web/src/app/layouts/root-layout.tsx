import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { ScrollUpButton } from '@/components/ui/scroll-up-button';
import { OfferActionsProvider } from '@/components/offer/offer-actions-slot';
import { UserWidget } from '@/features/account/components/user-widget';
import { MiniCart, WishlistWidget } from '@/features/basket/components/header-widgets';
import { CompareWidget } from '@/features/compare/components/compare-widget';
import { ContactsWidget } from '@/features/contacts/components/contacts-widget';
import { CallbackButton } from '@/features/forms/components/callback-button';
import { SiteFooter } from '@/features/navigation/components/site-footer';
import { SiteHeader } from '@/features/navigation/components/site-header';
import { LocationWidget } from '@/features/location/components/location-widget';
import { HeaderSearch } from '@/features/search/components/header-search';
import { useShop } from '@/features/shop/api/get-shop';
import { renderOfferActions } from '../offer-actions';
import { useRouteFocus } from '../use-route-focus';
import styles from './root-layout.module.css';

/** `id` of the `<main>` landmark, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * The page frame: skip link, header, `<main>` (the route's page), footer, scroll-up button. Landmarks are the
 * semantic elements; every page renders its own single `<h1>` inside `<main>` and its own `<title>`
 * (`PageTitle`). After an in-app page change focus goes to the new page's `<h1>` and its title is announced
 * ({@link useRouteFocus}).
 */
export function RootLayout() {
  const { t } = useTranslation();
  const shop = useShop();
  const shopName = shop.data?.name ?? t('app.brand');
  const pageAnnouncement = useRouteFocus(MAIN_ID);
  return (
    <>
      <a href={`#${MAIN_ID}`} className="skip-link">
        {t('a11y.skipToContent')}
      </a>
      <SiteHeader
        shopName={shopName}
        search={<HeaderSearch />}
        callback={<CallbackButton />}
        contacts={<ContactsWidget callback={<CallbackButton variant="inline" />} />}
        user={<UserWidget />}
        compare={<CompareWidget />}
        wishlist={<WishlistWidget />}
        cart={<MiniCart />}
        location={<LocationWidget />}
      />
      <main id={MAIN_ID} tabIndex={-1} className={`container ${styles.main}`}>
        <OfferActionsProvider render={renderOfferActions}>
          <Outlet />
        </OfferActionsProvider>
      </main>
      <SiteFooter shopName={shopName} company={shop.data?.company} />
      <ScrollUpButton focusTargetId={MAIN_ID} />
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="page-announcement">
        {pageAnnouncement}
      </div>
      <ScrollRestoration />
    </>
  );
}
