/**
 * What React's server renderer, React Router and the app touch that QuickJS (the engine inside the `vitrina` binary,
 * issue 22) does not have. Imported first by `entry-server.tsx`; never part of the browser's bundle.
 *
 * - `URL` and `URLSearchParams`: core-js's standard implementations.
 * - `AbortController`: the `abortcontroller-polyfill` implementation (`lib/api-client.ts` makes one per request).
 * - `Intl.PluralRules` (i18next's plurals) and `Intl.NumberFormat` (prices, ratings) for Russian and English:
 *   FormatJS's implementations over CLDR data, which give the browser's ICU text byte for byte (`1 480 ₽` with its
 *   no-break spaces), as hydration requires.
 * - Timers: a render is one synchronous pass plus the promise jobs the host runs; nothing in it may wait for a
 *   clock. `setTimeout` therefore accepts a callback and never calls it (the API client's 60 s time-out, TanStack
 *   Query's garbage collection), and `clearTimeout` forgets it.
 * - `console`: forwarded to the host's log (`__vitrinaLog(level, text)`), so a warning of React's shows in the
 *   server's log with the page it came from.
 */
import 'core-js/actual/url';
import 'core-js/actual/url-search-params';
import '@formatjs/intl-getcanonicallocales/polyfill-force.js';
import '@formatjs/intl-locale/polyfill-force.js';
import '@formatjs/intl-pluralrules/polyfill-force.js';
import '@formatjs/intl-pluralrules/locale-data/ru.js';
import '@formatjs/intl-pluralrules/locale-data/en.js';
import '@formatjs/intl-numberformat/polyfill-force.js';
import '@formatjs/intl-numberformat/locale-data/ru.js';
import '@formatjs/intl-numberformat/locale-data/en.js';
import { AbortController, AbortSignal } from 'abortcontroller-polyfill/dist/cjs-ponyfill.js';

declare global {
  /** Provided by the host (`server/src/web/render`): writes `text` to the server's log at `level`. */
  var __vitrinaLog: ((level: string, text: string) => void) | undefined;
}

const scope = globalThis as Record<string, unknown>;

if (typeof scope.AbortController === 'undefined') {
  scope.AbortController = AbortController;
  scope.AbortSignal = AbortSignal;
}

if (typeof scope.setTimeout === 'undefined') {
  let next = 1;
  scope.setTimeout = () => next++;
  scope.clearTimeout = () => {};
  scope.setInterval = () => next++;
  scope.clearInterval = () => {};
}

const write = (level: string) => (...parts: unknown[]) => {
  const text = parts.map((part) => (part instanceof Error ? `${part.name}: ${part.message}\n${part.stack ?? ''}` : String(part))).join(' ');
  globalThis.__vitrinaLog?.(level, text);
};
scope.console = { log: write('info'), info: write('info'), debug: write('debug'), warn: write('warn'), error: write('error') };
