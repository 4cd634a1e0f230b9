import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The one stack of open overlays (spec §2 "Escape closes the topmost overlay"; issue 3 "Every
 * overlay registers in one stack"). Slide panels, pop-ups and slide menus register here while
 * they are open; the entry added last is the topmost.
 *
 * Radix's DismissableLayer already sends Escape and outside presses to the topmost layer only;
 * this store is the app's own answer to "which overlays are open, which is on top" for the
 * features that need it without being inside an overlay: the quick view's Back handling closes
 * what was opened above it ({@link getOverlaysAbove}); the header's hover menus and the top
 * panel's foot stay still while the page is locked ({@link useAnyOverlayOpen},
 * {@link isAnyOverlayOpen}).
 */

/** One open overlay. */
export interface OverlayEntry {
  /** Unique id of the overlay (a `useId()` value unless the component was given one). */
  readonly id: string;
  /** Asks the overlay to close (calls its `onOpenChange(false)`), as Escape would. */
  readonly close: () => void;
}

let stack: readonly OverlayEntry[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly OverlayEntry[] {
  return stack;
}

/**
 * Puts `entry` on top of the stack (an entry with the same id is moved to the top) and returns
 * the function that removes it again. Prefer {@link useOverlayRegistration} in components.
 */
export function registerOverlay(entry: OverlayEntry): () => void {
  stack = [...stack.filter((other) => other.id !== entry.id), entry];
  emit();
  return () => {
    if (!stack.some((other) => other === entry)) return;
    stack = stack.filter((other) => other !== entry);
    emit();
  };
}

/** The open overlays in opening order (the last one is the topmost). Not reactive; see {@link useOverlayStack}. */
export function getOverlayStack(): readonly OverlayEntry[] {
  return stack;
}

/** The topmost open overlay, or `undefined` when none is open. */
export function getTopmostOverlay(): OverlayEntry | undefined {
  return stack[stack.length - 1];
}

/** True when the overlay `id` is open and on top of every other. */
export function isTopmostOverlay(id: string): boolean {
  return getTopmostOverlay()?.id === id;
}

/**
 * True while any overlay is open, i.e. while the page scroll is locked and the page behind is
 * inert. Not reactive: for event handlers and timers (e.g. a hover-intent timer deciding whether
 * to open a dropdown). Components that render differently use {@link useAnyOverlayOpen}.
 */
export function isAnyOverlayOpen(): boolean {
  return stack.length > 0;
}

/**
 * The overlays opened after the overlay `id` (those above it), topmost last; empty when `id` is
 * the topmost or not open.
 */
export function getOverlaysAbove(id: string): readonly OverlayEntry[] {
  const index = stack.findIndex((entry) => entry.id === id);
  return index === -1 ? [] : stack.slice(index + 1);
}

/** Closes the topmost overlay, if any; returns whether one was open. */
export function closeTopmostOverlay(): boolean {
  const top = getTopmostOverlay();
  top?.close();
  return top !== undefined;
}

/** The open overlays in opening order, re-rendering the caller when one opens or closes. */
export function useOverlayStack(): readonly OverlayEntry[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

function getAnyOpenSnapshot(): boolean {
  return stack.length > 0;
}

/**
 * Whether any overlay is open, re-rendering the caller when that changes (not on every push or
 * pop of a stacked overlay). While it is true the page does not scroll and its controls are behind
 * a modal backdrop: menus of the page must not open by hover, the top panel's foot must not hide
 * or show. `false` during server rendering.
 */
export function useAnyOverlayOpen(): boolean {
  return useSyncExternalStore(subscribe, getAnyOpenSnapshot, () => false);
}

/**
 * Registers the overlay `id` in the stack while `open` is true. `close` is what closing it from
 * outside (Back button, {@link closeTopmostOverlay}) calls; it may change between renders without
 * moving the overlay in the stack.
 */
export function useOverlayRegistration(id: string, open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!open) return;
    return registerOverlay({ id, close: () => closeRef.current() });
  }, [id, open]);
}

/** Empties the stack. Tests only. */
export function resetOverlayStackForTests(): void {
  stack = [];
  emit();
}
