import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAnyOverlayOpen } from '@/components/ui/overlay';
import { ROUTE_FOCUS_WAIT_MS } from '@/config/constants';
import { isNewPageState, samePageKey } from '@/config/paths';

/**
 * Focus after an in-app page change (issue 19; WCAG 2.4.3): as a page load would, focus goes to the new page's main
 * heading (the `<h1>` inside `#{mainId}`, made focusable with `tabindex="-1"`) and the new page's title is announced
 * through the returned text, which the layout puts into a polite live region.
 *
 * - A page change is a new path, or a navigation marked with {@link NEW_PAGE_STATE} (the order confirmation). A new
 *   query string alone (sort, filters, paging) is the same page and keeps focus where the shopper is; so is a new
 *   path marked with {@link SAME_PAGE_STATE} (another variant of the product shown).
 * - The heading may come after the page's data: it is awaited up to {@link ROUTE_FOCUS_WAIT_MS}.
 * - An address with a `#hash` is left to the page's target (`useHashTarget`), and nothing is focused while an
 *   overlay is open (the panel whose link led here closes first; its focus return then yields to the heading).
 * - The first page of a visit is not touched: the browser's own page load has placed focus.
 */
export function useRouteFocus(mainId: string): string {
  const location = useLocation();
  const { pathname, hash, key, state } = location;
  const overlayOpen = useAnyOverlayOpen();
  const seen = useRef({ pathname, key });
  const pending = useRef(false);
  const [announcement, setAnnouncement] = useState('');

  // Runs before the effect below in the same commit: marks a page change for it.
  useEffect(() => {
    if (seen.current.key === key) return;
    const changed =
      (seen.current.pathname !== pathname && samePageKey(state) === null) || isNewPageState(state);
    seen.current = { pathname, key };
    if (changed) pending.current = !hash;
  }, [key, pathname, hash, state]);

  useEffect(() => {
    if (!pending.current || overlayOpen) return;
    const main = document.getElementById(mainId);
    if (!main) return;
    let frame = 0;
    const focusHeading = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      pending.current = false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      // React writes the new page's <title> in the same commit as its heading; announce it once it is there.
      setAnnouncement('');
      frame = requestAnimationFrame(() => setAnnouncement(document.title));
      return true;
    };
    if (focusHeading()) return () => cancelAnimationFrame(frame);
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      pending.current = false;
    }, ROUTE_FOCUS_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [key, mainId, overlayOpen]);

  return announcement;
}
