import { RELEASE_RELOAD_MIN_INTERVAL_MS, RELEASE_RELOAD_STORAGE_KEY } from '@/config/constants';

/** What a tab remembers of its release reloads (`sessionStorage`, {@link RELEASE_RELOAD_STORAGE_KEY}). */
interface ReloadRecord {
  /** The `/assets/` URLs a reload was done for. */
  urls: string[];
  /** When the last reload was asked for, ms since the epoch. */
  at: number;
}

/** The `/assets/` URL an import or preload error names (Chromium: "Failed to fetch dynamically imported module: URL",
 * Vite: "Unable to preload CSS for URL"), or `null`. */
export function missingAssetUrl(error: unknown, base: string): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const match = /(\S*\/assets\/[^\s'"]+)/.exec(message);
  if (!match) return null;
  try {
    const url = new URL(match[1] ?? '', base);
    return url.origin === new URL(base).origin ? url.href : null;
  } catch {
    return null;
  }
}

function readRecord(storage: Storage): ReloadRecord {
  try {
    const parsed = JSON.parse(storage.getItem(RELEASE_RELOAD_STORAGE_KEY) ?? 'null') as Partial<ReloadRecord> | null;
    return { urls: Array.isArray(parsed?.urls) ? parsed.urls : [], at: typeof parsed?.at === 'number' ? parsed.at : 0 };
  } catch {
    return { urls: [], at: 0 };
  }
}

/** Whether a reload for the missing `url` may happen at `now`: never twice for one file, never twice a minute. */
export function mayReloadFor(storage: Storage, url: string, now: number): boolean {
  const record = readRecord(storage);
  return !record.urls.includes(url) && now - record.at >= RELEASE_RELOAD_MIN_INTERVAL_MS;
}

/** Notes a reload for `url` at `now`. */
export function recordReload(storage: Storage, url: string, now: number): void {
  const record = readRecord(storage);
  storage.setItem(RELEASE_RELOAD_STORAGE_KEY, JSON.stringify({ urls: [...record.urls, url], at: now }));
}

/** What {@link handleChunkError} needs of the browser; the window in the app, a stand-in in unit tests. */
export interface ReleaseReloadHost {
  location: { href: string; reload: () => void };
  sessionStorage: Storage;
  fetch: typeof fetch;
}

/**
 * Reacts to a lazily loaded file that failed (issue 19). When the file is gone from the server (a 404: a new release
 * replaced the hashed file this page expected), the page reloads once to the new release; when it failed for another
 * reason (the network), nothing happens here and the widget that asked for it shows its own error. Resolves to
 * whether a reload was asked for. Never throws.
 */
export async function handleChunkError(host: ReleaseReloadHost, error: unknown): Promise<boolean> {
  const url = missingAssetUrl(error, host.location.href);
  if (!url) return false;
  try {
    if (!mayReloadFor(host.sessionStorage, url, Date.now())) return false;
    const answer = await host.fetch(url, { method: 'HEAD', cache: 'no-store' });
    if (answer.status !== 404 || !mayReloadFor(host.sessionStorage, url, Date.now())) return false;
    recordReload(host.sessionStorage, url, Date.now());
    host.location.reload();
    return true;
  } catch {
    // Offline, or storage refused: stay on the page; the widget shows its error.
    return false;
  }
}

/**
 * Listens for Vite's `vite:preloadError`, fired when a lazily imported chunk or its stylesheet fails to load, and
 * hands the error to {@link handleChunkError}. The event is not cancelled: the import still rejects, so the widget's
 * error boundary shows its error while the check runs. Returns the function that stops listening.
 */
export function installReleaseReload(win: Window = window): () => void {
  const listener = (event: Event) => {
    void handleChunkError(win, (event as Event & { payload?: unknown }).payload);
  };
  win.addEventListener('vite:preloadError', listener);
  return () => win.removeEventListener('vite:preloadError', listener);
}
