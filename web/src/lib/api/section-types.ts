/*
 * Wire types of `GET /api/sections`, in a file without imports so the e2e helpers (no `@/` alias)
 * can import them too.
 */

/**
 * One catalogue section as `GET /api/sections` sends it (docs/api.md "Sections"). Shared by the
 * catalogue pages (path resolution, section lists) and the navigation's catalogue menus (mega
 * menu, catalogue slide menu), so both read one cache entry filled by one request.
 */
export interface Section {
  /** The feed's category id. */
  id: string;
  name: string;
  /** Page path, e.g. `/catalog/konstruktory/` (leading and trailing slash). */
  url: string;
  /** Parent section id, `null` for a top-level section. */
  parentId: string | null;
  /** 0 for top-level sections. */
  depth: number;
  /** Active offers of the section and all its subsections. */
  offerCount: number;
}

/** `GET /api/sections`: the whole section tree, flat, in tree order (a parent before its children). */
export interface SectionsResponse {
  sections: Section[];
}
