import { useCallback, useEffect, useId, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEventHandler } from 'react';
import { useLocation } from 'react-router';
import { isAnyOverlayOpen } from '@/components/ui/overlay';
import { useHoverIntent, type DisclosureState } from './use-hover-intent';

/** Selector of the elements keyboard focus may land on inside a menu dropdown. */
export const MENU_FOCUSABLE_SELECTOR = 'a[href], button:not([disabled])';

/** Hover may open a menu dropdown only while no overlay (slide panel, pop-up) is open. */
function canOpenMenuOnHover(): boolean {
  return !isAnyOverlayOpen();
}

/** Options of {@link useMenuDisclosure}. */
export interface MenuDisclosureOptions {
  /** Keys on the toggle that open the dropdown and move focus to its first entry (besides Enter/Space). */
  openKeys?: readonly string[];
  /** Whether the parent dropdown is open; a nested disclosure closes with its parent. Top level: omit. */
  parentOpen?: boolean;
}

/** What {@link useMenuDisclosure} returns: state plus props for the three parts of a disclosure. */
export interface MenuDisclosure {
  open: boolean;
  state: DisclosureState;
  setOpen: (open: boolean) => void;
  /** The element holding the trigger and the dropdown (`<li>` or wrapper): hover, Escape, focus-out. */
  rootProps: {
    ref: (node: HTMLElement | null) => void;
    onPointerEnter: PointerEventHandler;
    onPointerLeave: PointerEventHandler;
    onKeyDown: (event: KeyboardEvent) => void;
    onBlur: (event: FocusEvent) => void;
  };
  /** The toggle `<button>`: `aria-expanded` always equals the open state. */
  triggerProps: {
    ref: (node: HTMLButtonElement | null) => void;
    'aria-expanded': boolean;
    'aria-controls': string;
    onClick: (event: MouseEvent) => void;
    onKeyDown: (event: KeyboardEvent) => void;
  };
  /** The dropdown: hidden when closed, `data-state` drives the 150 ms fade. */
  contentProps: {
    id: string;
    ref: (node: HTMLElement | null) => void;
    hidden: boolean;
    'data-state': DisclosureState;
  };
}

/**
 * A disclosure of the desktop menus (WAI-ARIA APG "Disclosure Navigation Menu"), issue 3:
 *
 * - hover intent ({@link useHoverIntent}: opens after 200 ms, closes after the grace period and
 *   fades out over 150 ms), never while an overlay is open (`isAnyOverlayOpen`, the overlay stack);
 * - the toggle button opens and closes it (Enter, Space, click) and `openKeys` (ArrowDown by
 *   default) open it with focus on the first entry; a mouse click on a dropdown the pointer has
 *   just opened by resting on it keeps it open (the click meant "open", which hover already did)
 *   and pins it, so the next click closes it;
 * - Escape inside closes the innermost open one and returns focus to its toggle; Escape elsewhere
 *   closes a hover-opened one;
 * - focus leaving it, a press outside it and navigation close it; a nested one closes with its parent.
 */
export function useMenuDisclosure({ openKeys = ['ArrowDown'], parentOpen }: MenuDisclosureOptions = {}): MenuDisclosure {
  // A modal overlay covers the page: the pointer resting on the menu behind it opens nothing.
  const { open, state, setOpen, isHoverOpened, hoverProps } = useHoverIntent({ canOpenOnHover: canOpenMenuOnHover });
  const id = useId();
  const rootRef = useRef<HTMLElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const contentRef = useRef<HTMLElement | null>(null);
  const focusFirstRef = useRef(false);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, setOpen]);

  useEffect(() => {
    if (state !== 'open' || !focusFirstRef.current) return;
    focusFirstRef.current = false;
    contentRef.current?.querySelector<HTMLElement>(MENU_FOCUSABLE_SELECTOR)?.focus();
  }, [state]);

  const location = useLocation();
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search, setOpen]);

  useEffect(() => {
    if (parentOpen === false) setOpen(false);
  }, [parentOpen, setOpen]);

  const onRootKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      triggerRef.current?.focus();
    },
    [open, setOpen],
  );

  const onRootBlur = useCallback(
    (event: FocusEvent) => {
      // `relatedTarget` is null when a press on a non-focusable spot moves focus to <body>; the
      // outside-press listener handles presses outside, so only a focus move elsewhere closes here.
      const next = event.relatedTarget as Node | null;
      if (open && next && !rootRef.current?.contains(next)) setOpen(false);
    },
    [open, setOpen],
  );

  const onTriggerClick = useCallback(
    (event: MouseEvent) => {
      // `detail` is 0 for the click a key (Enter, Space) fires: keys always toggle.
      if (event.detail > 0 && isHoverOpened()) {
        setOpen(true);
        return;
      }
      setOpen(!open);
    },
    [isHoverOpened, open, setOpen],
  );

  const onTriggerKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (!openKeys.includes(event.key)) return;
      event.preventDefault();
      event.stopPropagation();
      if (open) {
        contentRef.current?.querySelector<HTMLElement>(MENU_FOCUSABLE_SELECTOR)?.focus();
      } else {
        focusFirstRef.current = true;
        setOpen(true);
      }
    },
    [open, openKeys, setOpen],
  );

  return {
    open,
    state,
    setOpen,
    rootProps: {
      ref: (node) => {
        rootRef.current = node;
      },
      ...hoverProps,
      onKeyDown: onRootKeyDown,
      onBlur: onRootBlur,
    },
    triggerProps: {
      ref: (node) => {
        triggerRef.current = node;
      },
      'aria-expanded': open,
      'aria-controls': id,
      onClick: onTriggerClick,
      onKeyDown: onTriggerKeyDown,
    },
    contentProps: {
      id,
      ref: (node) => {
        contentRef.current = node;
      },
      hidden: state === 'closed',
      'data-state': state,
    },
  };
}

/**
 * Arrow-key movement between the entries of one dropdown list (ArrowDown/ArrowUp, Home/End),
 * for its `onKeyDown`. Only the list's own rows count (`:scope > li > a|button`), so nested lists
 * keep their own movement.
 */
export function moveFocusInList(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const list = event.currentTarget;
  const entries = Array.from(list.querySelectorAll<HTMLElement>(':scope > li > a[href], :scope > li > button'));
  const index = entries.indexOf(document.activeElement as HTMLElement);
  if (index === -1) return;
  event.preventDefault();
  event.stopPropagation();
  const last = entries.length - 1;
  const next =
    event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'ArrowDown' ? Math.min(index + 1, last) : Math.max(index - 1, 0);
  entries[next]?.focus();
}
