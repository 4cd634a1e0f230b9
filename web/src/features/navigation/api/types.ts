/**
 * Wire types of the navigation API (docs/api.md "Menus"). JSON, camelCase keys.
 */

/**
 * One item of a site menu (`GET /api/menus/{code}`), issue 3.
 * `url` is a site path (`/catalog/konstruktory/`, `/catalog/?sort=discount`) or an absolute
 * `https://…` link of an external item; `children` is empty for a leaf.
 */
export interface MenuItem {
  /** Row id, stable until the menu is replaced; used for React keys and element ids. */
  id: number;
  title: string;
  url: string;
  children: MenuItem[];
}

/** `GET /api/menus/top`: the top panel's horizontal menu, top-level items in order. */
export interface TopMenuResponse {
  items: MenuItem[];
}

/**
 * The fields of a catalogue section (`GET /api/sections`, fetched by `lib/api/get-sections.ts`,
 * whose `Section` carries more) the navigation menus use. Written out rather than derived from
 * `Section`: the e2e helpers import this file without the `@/` path alias.
 */
export interface NavSection {
  id: string;
  name: string;
  /** Page path, e.g. `/catalog/konstruktory/`. */
  url: string;
  /** Parent section id, `null` for a top-level section. */
  parentId: string | null;
  /** 0 for top-level sections. */
  depth: number;
}
