import { useSyncExternalStore } from 'react';

/** The login panel's views: the log-in form, registration, the password-reset request. */
export type LoginView = 'login' | 'register' | 'reset';

/** The panel as every page starts: closed (also what a server-rendered page shows, issue 22). */
const INITIAL: { open: boolean; view: LoginView } = { open: false, view: 'login' };
let state = INITIAL;
const listeners = new Set<() => void>();

function set(next: typeof state) {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the header's login slide panel (issue 7: a guest on a `/personal/` page gets it) on `view`. */
export function openLoginPanel(view: LoginView = 'login'): void {
  set({ open: true, view });
}

/** Closes the login panel. */
export function closeLoginPanel(): void {
  set({ ...state, open: false });
}

/** Switches the open panel to another view. */
export function showLoginView(view: LoginView): void {
  set({ ...state, view });
}

/** The panel's state: open, and which view. */
export function useLoginPanel(): { open: boolean; view: LoginView } {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => INITIAL,
  );
}
