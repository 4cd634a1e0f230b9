import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAnyOverlayOpen } from './overlay';

/**
 * Scrolls to and focuses the element the address's `#hash` names (`/contacts/#store-1`, `/reviews/#add-review`; it
 * should carry `tabIndex={-1}`), once per navigation, as soon as `ready` (the content above it has its height) and no
 * overlay holds the focus (the panel whose link led here may still be closing).
 */
export function useHashTarget(ready: boolean): void {
  const { hash, key } = useLocation();
  const overlayOpen = useAnyOverlayOpen();
  const doneFor = useRef<string | null>(null);
  useEffect(() => {
    if (!hash || !ready || overlayOpen || doneFor.current === key) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    doneFor.current = key;
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, key, ready, overlayOpen]);
}
