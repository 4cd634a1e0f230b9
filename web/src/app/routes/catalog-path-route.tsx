import { Navigate, useLocation } from 'react-router';
import { normalizePath, offerSlugFromPath, paths } from '@/config/paths';
import { useSections } from '@/features/catalog/api/get-sections';
import { findSectionByPath } from '@/features/catalog/utils/section-tree';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { NotFoundRoute } from './not-found-route';
import { ProductPage } from './product-page';
import { SectionPage } from './section-page';

/**
 * Resolves a catalogue path below `/catalog/` (docs/api.md "Pages"):
 *
 * 1. a section whose `url` matches the path (from the cached `GET /api/sections`) → section page;
 *    a path without its trailing slash is redirected to the section's `url`;
 * 2. else a path of three or more segments → product page of the last segment
 *    (`GET /api/offers/by-slug/{slug}`, see {@link ProductPage});
 * 3. else the 404 page. `/catalog/products/`, the folder of the products without a section, goes to the catalogue
 *    root, which lists them (issue 20).
 */
export function CatalogPathRoute() {
  const location = useLocation();
  const sections = useSections();

  if (sections.isPending) return <LoadingState />;
  if (sections.isError) return <ErrorState onRetry={() => void sections.refetch()} />;

  const section = findSectionByPath(sections.data, location.pathname);
  if (section) {
    if (!location.pathname.endsWith('/')) {
      return <Navigate replace to={{ pathname: section.url, search: location.search }} />;
    }
    return <SectionPage key={section.id} section={section} sections={sections.data} />;
  }

  if (normalizePath(location.pathname) === paths.unsectioned) return <Navigate replace to={paths.catalog} />;
  const slug = offerSlugFromPath(location.pathname);
  if (!slug) return <NotFoundRoute />;
  return <ProductPage key={slug} slug={slug} sections={sections.data} />;
}
