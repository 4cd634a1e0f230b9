import { useCallback, useEffect, useId, useLayoutEffect, useRef, type RefObject } from 'react';
import { useIsDesktop } from '@/lib/use-media-query';
import { isInsideOverlayPart } from './overlay-parts';
import { useOverlayRegistration } from './overlay-stack';

/**
 * Which side of the 1043 px breakpoint (`DESKTOP_BREAKPOINT_PX`, spec §9) an overlay exists on:
 * `mobile` below it (search slide panel, slide menus), `desktop` at or above it (search popup).
 * An overlay with a side closes when the window crosses the breakpoint (issue 3 "Resize").
 */
export type BreakpointSide = 'mobile' | 'desktop';

/** Class added to an open overlay's content and backdrop (the "active classes" of spec §4). */
export const OVERLAY_ACTIVE_CLASS = 'is-active';

/**
 * The control focus returns to when an overlay closes: the element itself (e.g. the button a
 * click handler got as `event.currentTarget`) or a ref to it.
 */
export type ReturnFocusTarget = HTMLElement | RefObject<HTMLElement | null> | null;

/** Options shared by {@link SlidePanel} and {@link Popup}. */
export interface OverlayBehaviourOptions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  breakpointSide?: BreakpointSide;
  /** Id in the overlay stack; a generated one by default. */
  id?: string;
  /**
   * The control that opened the overlay, where focus returns on close. Pass it: Safari and iOS do
   * not focus a button on click, so the focused element at opening is then `<body>`. Without it
   * (or when it is gone from the DOM at opening) the element focused at opening is used.
   */
  returnFocusTo?: ReturnFocusTarget;
}

function resolveTarget(target: ReturnFocusTarget | undefined): HTMLElement | null {
  if (!target) return null;
  return target instanceof HTMLElement ? target : target.current;
}

type PointerDownOutside = CustomEvent<{ originalEvent: PointerEvent }>;
type FocusOutside = CustomEvent<{ originalEvent: FocusEvent }>;

/**
 * Behaviour every overlay adds to Radix Dialog: registration in the overlay stack, closing when
 * the viewport crosses to the side the overlay does not exist on, returning focus to the control
 * that opened it (`returnFocusTo`, else the element focused when `open` turns true, since
 * controlled dialogs have no `Dialog.Trigger`), closing on primary-button presses only, and treating
 * `[data-overlay-part]` elements as inside. Returns props for `Dialog.Content`.
 */
export function useOverlayBehaviour({
  open,
  onOpenChange,
  breakpointSide,
  id: idProp,
  returnFocusTo,
}: OverlayBehaviourOptions) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });
  const close = useCallback(() => onOpenChangeRef.current(false), []);
  useOverlayRegistration(id, open, close);

  const isDesktop = useIsDesktop();
  const onWrongSide = breakpointSide === 'mobile' ? isDesktop : breakpointSide === 'desktop' ? !isDesktop : false;
  useEffect(() => {
    if (open && onWrongSide) close();
  }, [open, onWrongSide, close]);

  const returnFocusRef = useRef(returnFocusTo);
  useLayoutEffect(() => {
    returnFocusRef.current = returnFocusTo;
  });
  const openerRef = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const given = resolveTarget(returnFocusRef.current);
    const active = document.activeElement;
    openerRef.current = given?.isConnected
      ? given
      : active instanceof HTMLElement && active !== document.body
        ? active
        : null;
  }, [open]);

  const contentProps = {
    'aria-modal': true as const,
    onCloseAutoFocus: (event: Event) => {
      const opener = openerRef.current;
      openerRef.current = null;
      // Focus moved out of the overlay while it closed (a link in it led to a page that focused its target, as
      // `/contacts/#store-1` does): it stays where the page put it.
      const active = document.activeElement;
      const container = event.target instanceof Node ? event.target : null;
      if (active instanceof HTMLElement && active !== document.body && container && !container.contains(active)) {
        event.preventDefault();
        return;
      }
      if (opener?.isConnected) {
        event.preventDefault();
        opener.focus({ preventScroll: true });
      }
    },
    onPointerDownOutside: (event: PointerDownOutside) => {
      const original = event.detail.originalEvent;
      // Only a primary-button press closes (issue 3); Radix already ignores right clicks.
      if (original.button !== 0 || isInsideOverlayPart(original.target)) event.preventDefault();
    },
    onFocusOutside: (event: FocusOutside) => {
      if (isInsideOverlayPart(event.detail.originalEvent.target)) event.preventDefault();
    },
  };

  return { id, contentProps };
}

/** The props {@link useOverlayBehaviour} gives the dialog element (`Dialog.Content`). */
export type OverlayContentProps = ReturnType<typeof useOverlayBehaviour>['contentProps'];
