import { useEffect, useRef } from 'react';
import { useRecordViewMutation } from '../api/record-view';

/**
 * Records one view of `offerId` per product page opening (`POST /api/viewed`), then refreshes the recently viewed
 * lists. `undefined` waits (the offer is still loading, or the page is about to redirect). A failure is not shown:
 * the shopper asked for the product, not for the record.
 *
 * Once per mounted page: StrictMode's second effect run and re-renders of the same page do not post again; the
 * product page is keyed by its slug, so opening another product mounts a new page and records again.
 */
export function useRecordView(offerId: string | undefined): void {
  const { mutate } = useRecordViewMutation();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!offerId || recorded.current === offerId) return;
    recorded.current = offerId;
    mutate(offerId);
  }, [offerId, mutate]);
}
