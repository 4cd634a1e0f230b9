import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The state of a control that opens a slide panel or pop-up (the header's contacts, location, callback and mini
 * cart): whether it is open, and the opener's ref to hand the overlay as `returnFocusTo` (Safari and iOS do not focus
 * a clicked button). Any navigation (path, query or hash) closes it: a link inside the panel leads elsewhere.
 */
export function usePanelOpener<T extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const openerRef = useRef<T | null>(null);
  const { pathname, search, hash } = useLocation();
  useEffect(() => setOpen(false), [pathname, search, hash]);
  return { open, setOpen, openerRef };
}
