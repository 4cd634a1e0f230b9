import { AVAILABILITY_COOKIE_MAX_AGE_S, AVAILABILITY_COOKIE_NAME } from '@/config/constants';
import { getCookie, setCookie } from '@/lib/cookies';
import { isYes, toYesNo } from '@/config/yes-no';

/**
 * The shopper's stored availability flag as a boolean: `true` when the cookie {@link AVAILABILITY_COOKIE_NAME}
 * says `Y`; `false` (the spec's default `N`) when it says `N`, anything else, or is absent (spec §4).
 */
export function readAvailabilityFlag(): boolean {
  return isYes(getCookie(AVAILABILITY_COOKIE_NAME));
}

/**
 * Stores the availability flag in cookie {@link AVAILABILITY_COOKIE_NAME} (`Y`/`N`, path `/`, max-age
 * {@link AVAILABILITY_COOKIE_MAX_AGE_S} s = 380 days, spec §4, §9), so the checkbox starts in that state after a reload.
 */
export function writeAvailabilityFlag(available: boolean): void {
  setCookie(AVAILABILITY_COOKIE_NAME, toYesNo(available), { maxAgeS: AVAILABILITY_COOKIE_MAX_AGE_S, path: '/' });
}
