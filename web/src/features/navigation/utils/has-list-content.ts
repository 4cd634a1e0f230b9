/**
 * `hasContent` of the menus' `PanelQueryContent` (spec §8: an answer lacking content is an
 * error): the answer is a list (the menu's items, the section tree); an empty list is a valid,
 * empty menu.
 */
export function hasListContent(data: unknown): data is readonly unknown[] {
  return Array.isArray(data);
}
