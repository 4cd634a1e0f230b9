import { useEffect, useSyncExternalStore } from 'react';

/** The overlay dialog's chunk (`overlay-dialog.tsx`: Radix Dialog and the overlays' head row). */
type DialogModule = typeof import('./overlay-dialog');

let loaded: DialogModule | null = null;
let loading: Promise<DialogModule> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the overlay dialog's chunk once (issue 22: no page's initial JavaScript carries Radix Dialog, which only an
 * open overlay needs). The app calls it when the browser is idle after the page started, and every overlay calls it
 * on its first opening. A failed load (the network) is tried again at the next call. Rejects with the load's error.
 */
export function loadOverlayDialog(): Promise<DialogModule> {
  loading ??= import('./overlay-dialog').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Forgets the loaded chunk, as in a page that has not fetched it yet. Tests only. */
export function forgetOverlayDialogForTests(): void {
  loaded = null;
  loading = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The overlay dialog's module once loaded, else `null`; loads it when `wanted` (an overlay opens). A server render
 * and the browser's hydration see `null`: an overlay is never open in a page's first HTML.
 */
export function useOverlayDialog(wanted: boolean): DialogModule | null {
  const module = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  useEffect(() => {
    if (wanted && !loaded) loadOverlayDialog().catch(() => undefined);
  }, [wanted]);
  return module;
}
