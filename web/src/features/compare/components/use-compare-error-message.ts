import { useCallback } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { COMPARE_MAX_ITEMS } from '@/config/constants';
import { ApiError } from '@/lib/api-client';

/**
 * The text of a failed compare change, by the API's error code (docs/api.md "Compare list and recently viewed"):
 * 409 `COMPARE_LIMIT` (names {@link COMPARE_MAX_ITEMS}), 404 `OFFER_NOT_FOUND`, 409 `OFFER_REMOVED`; anything else
 * (network, time-out, 5xx) gets the general "could not change" text.
 */
export function useCompareErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      switch (error instanceof ApiError ? error.code : null) {
        case 'COMPARE_LIMIT':
          return t('compare.errors.COMPARE_LIMIT', { max: COMPARE_MAX_ITEMS });
        case 'OFFER_NOT_FOUND':
          return t('compare.errors.OFFER_NOT_FOUND');
        case 'OFFER_REMOVED':
          return t('compare.errors.OFFER_REMOVED');
        default:
          return t('compare.errors.failed');
      }
    },
    [t],
  );
}
