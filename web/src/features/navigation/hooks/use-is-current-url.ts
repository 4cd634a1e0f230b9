import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { isCurrentUrl } from '../utils/menu-url';

/**
 * A predicate telling whether a link's `url` is the current page ({@link isCurrentUrl} against the
 * router's location), for `aria-current` on the catalogue menus' section links. Changes with the
 * location only.
 */
export function useIsCurrentUrl(): (url: string) => boolean {
  const location = useLocation();
  return useCallback((url: string) => isCurrentUrl(url, location), [location]);
}
