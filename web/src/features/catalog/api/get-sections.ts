/**
 * `GET /api/sections` for the catalogue feature. The fetcher, query options and hook live in
 * `lib/api/get-sections.ts`, shared with the navigation's catalogue menus (one cache entry, one
 * request, one retry rule); this module re-exports them for the catalogue's routes.
 */
export { getSections, sectionsQueryOptions, useSections } from '@/lib/api/get-sections';
