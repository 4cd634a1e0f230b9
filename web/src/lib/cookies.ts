/** Options of {@link setCookie} / {@link serializeCookie}. */
export interface CookieOptions {
  /** Lifetime, s (`Max-Age`); a session cookie when left out. `0` deletes the cookie. */
  maxAgeS?: number;
  /** Path the cookie applies to; `/` (the whole shop) by default. */
  path?: string;
}

/**
 * The `document.cookie` assignment string for `name=value`: the value URI-encoded, then `Path` (default `/`),
 * `Max-Age` in seconds when given, and `SameSite=Lax` (sent on top-level navigations, not on cross-site requests).
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeS !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeS))}`);
  parts.push('SameSite=Lax');
  return parts.join('; ');
}

/**
 * Writes cookie `name` (see {@link serializeCookie} for the attributes). Used for the shopper's small
 * front-end flags, e.g. the search availability flag (spec §4, §9).
 */
export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  document.cookie = serializeCookie(name, value, options);
}

/** The decoded value of cookie `name`, or `null` when the browser holds none by that name. */
export function getCookie(name: string): string | null {
  if (typeof document === 'undefined' || !document.cookie) return null;
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    const key = (separator === -1 ? pair : pair.slice(0, separator)).trim();
    if (key !== name) continue;
    const raw = separator === -1 ? '' : pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw; // Not URI-encoded by us (set by someone else): give it back as it is.
    }
  }
  return null;
}
