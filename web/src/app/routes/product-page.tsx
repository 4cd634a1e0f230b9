import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { normalizePath, paths, samePageKey } from '@/config/paths';
import { useHydrated } from '@/lib/use-hydrated';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { ShareToggle } from '@/components/ui/share-toggle';
import { OfferActionsSlot } from '@/components/offer/offer-actions-slot';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { useOfferBySlug } from '@/features/catalog/api/get-offer-by-slug';
import type { Section } from '@/lib/api/types';
import { ProductDetails } from '@/features/catalog/components/product-details';
import { sectionTrail } from '@/features/catalog/utils/section-tree';
import { RecentlyViewed } from '@/features/viewed/components/recently-viewed';
import { useRecordView } from '@/features/viewed/hooks/use-record-view';
import { PageTitle } from '../page-title';
import { NotFoundRoute } from './not-found-route';

/** Props of {@link ProductPage}. */
export interface ProductPageProps {
  /** Last path segment: the offer's slug. */
  slug: string;
  /** The section tree, for the breadcrumbs. */
  sections: Section[];
}

/**
 * A product page (`/catalog/{section-slug}/{offer-slug}/` or `/catalog/products/{offer-slug}/`):
 * the offer by slug (`GET /api/offers/by-slug/{slug}`; 404 → the 404 page, also when rendered on the server), breadcrumbs through
 * its section, the product details and the share toggle (spec §2), then "Вы смотрели" without this offer (issue 6).
 * Showing the offer records the view (`POST /api/viewed`, once per opening). A path that names the offer
 * under another section (or lacks the trailing slash) is redirected to the offer's own `url`.
 */
export function ProductPage({ slug, sections }: ProductPageProps) {
  const { t } = useTranslation();
  const location = useLocation();
  // Another variant of the product (the chooser's links, issue 35): the variant shown stays until the chosen one comes.
  const offer = useOfferBySlug(slug, samePageKey(location.state) !== null);
  const hydrated = useHydrated();
  const misplaced =
    !!offer.data &&
    !offer.isPlaceholderData &&
    (normalizePath(location.pathname) !== normalizePath(offer.data.url) || !location.pathname.endsWith('/'));
  useRecordView(offer.data && !misplaced && !offer.isPlaceholderData ? offer.data.id : undefined);

  if (offer.isPending) return <LoadingState />;
  if (offer.isError) return <ErrorState onRetry={() => void offer.refetch()} />;

  const data = offer.data;
  if (!data) return <NotFoundRoute />;
  if (misplaced) {
    return <Navigate replace to={{ pathname: data.url, search: location.search }} />;
  }

  const trail = sectionTrail(sections, data.sectionId);
  // The shop's own origin is the browser's: the server's HTML carries the path, the browser makes it whole.
  const shareUrl = hydrated ? new URL(data.url, window.location.origin).href : data.url;
  return (
    <>
      <PageTitle title={data.name} />
      <Breadcrumbs
        items={[
          { label: t('nav.home'), to: paths.home },
          { label: t('catalog.title'), to: paths.catalog },
          ...trail.map((s) => ({ label: s.name, to: s.url })),
          { label: data.name },
        ]}
      />
      <ProductDetails
        offer={data}
        actions={
          <>
            <OfferActionsSlot offer={data} place="page" />
            <ShareToggle url={shareUrl} title={data.name} />
          </>
        }
      />
      <RecentlyViewed exclude={data.id} />
    </>
  );
}
