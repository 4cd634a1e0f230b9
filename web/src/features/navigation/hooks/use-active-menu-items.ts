import { useMemo } from 'react';
import { useLocation } from 'react-router';
import type { MenuItem } from '@/lib/api/types';
import { findActiveItems, type ActiveItems } from '../utils/menu-url';

/**
 * The current page's items of the menu `items` and their ancestors ({@link findActiveItems}),
 * recomputed when the items or the location change (issue 3: "the current page's item and its
 * parents are marked active"). Used by the horizontal menu, the mobile main menu and the quick links.
 */
export function useActiveMenuItems(items: readonly MenuItem[]): ActiveItems {
  const location = useLocation();
  return useMemo(() => findActiveItems(items, location), [items, location]);
}
