/**
 * A controllable `window.matchMedia` for jsdom (which has none): queries of the form
 * `(min-width: Npx)` / `(max-width: Npx)` are evaluated against a simulated viewport width, and
 * {@link setViewportWidth} fires `change` on every list whose answer flips. Other queries
 * (`prefers-reduced-motion`, …) match when listed in {@link setMatchingQueries}.
 */
type Listener = (event: MediaQueryListEvent) => void;

let width = 1280;
let extraMatches = new Set<string>();
const lists = new Set<{ query: string; listeners: Set<Listener>; last: boolean }>();

function evaluate(query: string): boolean {
  if (extraMatches.has(query)) return true;
  const min = /\(min-width:\s*(\d+)px\)/.exec(query);
  if (min) return width >= Number(min[1]);
  const max = /\(max-width:\s*(\d+(?:\.\d+)?)px\)/.exec(query);
  if (max) return width <= Number(max[1]);
  return false;
}

function notify() {
  for (const list of lists) {
    const now = evaluate(list.query);
    if (now === list.last) continue;
    list.last = now;
    for (const listener of list.listeners) listener({ matches: now, media: list.query } as MediaQueryListEvent);
  }
}

/** Installs the fake `matchMedia` (called from `test/setup.ts`) and resets it to 1280 px wide. */
export function installMatchMedia(): void {
  width = 1280;
  extraMatches = new Set();
  lists.clear();
  window.matchMedia = (query: string) => {
    const entry = { query, listeners: new Set<Listener>(), last: evaluate(query) };
    lists.add(entry);
    return {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
}

/** Simulates a viewport `px` wide (also sets `window.innerWidth`) and notifies media-query listeners. */
export function setViewportWidth(px: number): void {
  width = px;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: px });
  notify();
}

/** Makes the given non-width queries (e.g. `(prefers-reduced-motion: reduce)`) match. */
export function setMatchingQueries(queries: string[]): void {
  extraMatches = new Set(queries);
  notify();
}
