/**
 * The `Y`/`N` flags the shop speaks (spec §3, §4: the availability flag in the search's cookie and URLs, the
 * listing's `available`, the cart's `delay`), converted in one place.
 */
export type YesNo = 'Y' | 'N';

/** `true` → `Y`, `false` → `N`. */
export function toYesNo(flag: boolean): YesNo {
  return flag ? 'Y' : 'N';
}

/** Whether `value` (a URL parameter, a cookie) is `Y`; anything else, absent included, is `N` (spec §4 default). */
export function isYes(value: string | null | undefined): boolean {
  return value === 'Y';
}
