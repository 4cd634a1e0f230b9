import { Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { normalizePath, offerSlugFromPath, paths, samePageKey } from '@/config/paths';
import { offerBySlugQueryOptions } from '@/features/catalog/api/get-offer-by-slug';
import { sectionsQueryOptions, useSections } from '@/features/catalog/api/get-sections';
import { findSectionByPath } from '@/features/catalog/utils/section-tree';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { HydrationPending } from '@/components/ui/hydration-pending';
import { lazyModule, useLazyModule } from '@/lib/lazy-module';
import type { Section } from '@/lib/api/types';
import { NotFoundRoute } from './not-found-route';
import type { ProductPageProps } from './product-page';
import type { SectionPageProps } from './section-page';

/**
 * The section page and the product page are chunks of their own: a product page does not ship the listing's code,
 * nor a section page the product's (issue 22).
 */
const sectionPage = lazyModule(() => import('./section-page'));
const productPage = lazyModule(() => import('./product-page'));

function LazySectionPage(props: SectionPageProps) {
  const { SectionPage } = useLazyModule(sectionPage);
  return <SectionPage {...props} />;
}

function LazyProductPage(props: ProductPageProps) {
  const { ProductPage } = useLazyModule(productPage);
  return <ProductPage {...props} />;
}

/** Which page a catalogue path is, given the section tree. */
function resolve(sections: Section[], pathname: string): { section: Section } | { slug: string } | null {
  const section = findSectionByPath(sections, pathname);
  if (section) return { section };
  const slug = offerSlugFromPath(pathname);
  return slug ? { slug } : null;
}

/**
 * Loads the page module that `pathname` needs before the first render, so the server's render and the browser's
 * hydration draw the page at once (the route's `handle.prepare`, `app/resolve-lazy.ts`). Without the section tree in
 * `client` (the server's first pass) both are loaded.
 */
export async function prepareCatalogPath(pathname: string, client: QueryClient): Promise<void> {
  const sections = client.getQueryData(sectionsQueryOptions().queryKey);
  if (!sections) {
    await Promise.all([sectionPage.load(), productPage.load()]);
    return;
  }
  const page = resolve(sections, pathname);
  if (page && 'section' in page) await sectionPage.load();
  else if (page) await productPage.load();
}

/**
 * The server render's prefetch (`handle.prefetch`, issue 39): the section tree, and on a product page its offer. The
 * first pass then draws the product page, which otherwise waited a pass for the tree and another for the offer (a
 * product page rendered in three passes, now two).
 */
export async function prefetchCatalogPath(pathname: string, client: QueryClient): Promise<void> {
  await client.prefetchQuery(sectionsQueryOptions());
  const sections = client.getQueryData(sectionsQueryOptions().queryKey);
  const page = sections ? resolve(sections, pathname) : null;
  if (page && 'slug' in page) await client.prefetchQuery(offerBySlugQueryOptions(page.slug));
}

/**
 * Resolves a catalogue path below `/catalog/` (docs/api.md "Pages"):
 *
 * 1. a section whose `url` matches the path (from the cached `GET /api/sections`) → section page;
 *    a path without its trailing slash is redirected to the section's `url`;
 * 2. else a path of three or more segments → product page of the last segment
 *    (`GET /api/offers/by-slug/{slug}`, see `ProductPage`);
 * 3. else the 404 page. `/catalog/products/`, the folder of the products without a section, goes to the catalogue
 *    root, which lists them (issue 20).
 */
export function CatalogPathRoute() {
  const location = useLocation();
  const sections = useSections();

  if (sections.isPending) return <LoadingState />;
  if (sections.isError) return <ErrorState onRetry={() => void sections.refetch()} />;

  const page = resolve(sections.data, location.pathname);
  if (page && 'section' in page) {
    if (!location.pathname.endsWith('/')) {
      return <Navigate replace to={{ pathname: page.section.url, search: location.search }} />;
    }
    return (
      <Suspense fallback={<LoadingState />}>
        <HydrationPending />
        <LazySectionPage key={page.section.id} section={page.section} sections={sections.data} />
      </Suspense>
    );
  }
  if (normalizePath(location.pathname) === paths.unsectioned) return <Navigate replace to={paths.catalog} />;
  if (!page) return <NotFoundRoute />;
  return (
    <Suspense fallback={<LoadingState />}>
      <HydrationPending />
      {/* Another variant of the product keeps the page (issue 35): its key is the first variant's slug. */}
      <LazyProductPage key={samePageKey(location.state) ?? page.slug} slug={page.slug} sections={sections.data} />
    </Suspense>
  );
}
