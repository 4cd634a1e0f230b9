import { useLocation } from 'react-router';
import type { MenuItem } from '@/lib/api/types';
import { findActiveItems, type ActiveItems } from '../utils/menu-url';

/**
 * The last answer for each menu (the query's items array), with the location it was found for. The horizontal menu,
 * the mobile main menu and the quick links walk the same menu for the same page: the walk parses every item's URL,
 * which a server render (issue 22), drawing each of them in every pass, paid several times over.
 */
const lastAnswer = new WeakMap<readonly MenuItem[], { location: string; active: ActiveItems }>();

/**
 * The current page's items of the menu `items` and their ancestors ({@link findActiveItems}),
 * recomputed when the items or the location change (issue 3: "the current page's item and its
 * parents are marked active"). Used by the horizontal menu, the mobile main menu and the quick links.
 */
export function useActiveMenuItems(items: readonly MenuItem[]): ActiveItems {
  const { pathname, search } = useLocation();
  const location = `${pathname}${search}`;
  const last = lastAnswer.get(items);
  if (last?.location === location) return last.active;
  const active = findActiveItems(items, { pathname, search });
  lastAnswer.set(items, { location, active });
  return active;
}
