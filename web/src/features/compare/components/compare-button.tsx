import { useContext, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { OfferActionsPlace } from '@/components/offer/offer-actions-slot';
import type { Offer } from '@/lib/api/types';
import { useAddToCompare } from '../api/add-to-compare';
import { useCompareList } from '../api/get-compare';
import { useRemoveFromCompare } from '../api/remove-from-compare';
import { CompareIcon } from './compare-icon';
import { InsideCompareTable } from './compare-table-context';
import { useCompareErrorMessage } from './use-compare-error-message';
import styles from './compare-button.module.css';

/** Props of {@link CompareButton}. */
export interface CompareButtonProps {
  offer: Offer;
  /** `card`: an icon button on a product card; `page`: icon and text on the product page or quick view. */
  place: OfferActionsPlace;
}

/**
 * The "Сравнить" toggle of an offer (issue 6): a toggle button (`aria-pressed`) that puts the offer on the compare
 * list (`POST /api/compare`) or takes it off (`DELETE /api/compare/{offerId}`). Pressed while the offer is on the
 * list (`GET /api/compare`, shared by every button of the page), and at once on a click while the change is on its
 * way; a refused change (409 `COMPARE_LIMIT` past 20 offers, 404 `OFFER_NOT_FOUND`, 409 `OFFER_REMOVED`, network)
 * springs back and shows its message under the button (`role="alert"`).
 *
 * `page`: icon and the text "Сравнить", which stays while `aria-pressed` tells the state (a toggle keeps its name).
 * `card`: the icon alone, named "Сравнить: {name}" (the tooltip says "Сравнить" or "В сравнении"). Renders nothing inside the compare page's table.
 */
export function CompareButton({ offer, place }: CompareButtonProps) {
  const { t } = useTranslation();
  const insideTable = useContext(InsideCompareTable);
  const list = useCompareList();
  const add = useAddToCompare();
  const remove = useRemoveFromCompare();
  const errorMessage = useCompareErrorMessage();
  const [error, setError] = useState<string | null>(null);

  if (insideTable) return null;

  // An answer without items (a broken server) counts as an empty list: the button stays usable.
  const items = list.data?.items;
  const onList = Array.isArray(items) && items.some((item) => item.id === offer.id);
  const pending = add.isPending || remove.isPending;
  const pressed = add.isPending ? true : remove.isPending ? false : onList;
  const text = pressed ? t('compare.added') : t('compare.add');

  const toggle = () => {
    if (pending) return;
    setError(null);
    const mutation = onList ? remove : add;
    mutation.mutate(offer.id, { onError: (failure) => setError(errorMessage(failure)) });
  };

  return (
    <div className={styles.root} data-place={place}>
      <button
        type="button"
        className={place === 'card' ? styles.iconButton : styles.button}
        aria-pressed={pressed}
        aria-label={place === 'card' ? t('compare.addLabel', { name: offer.name }) : undefined}
        title={place === 'card' ? text : undefined}
        aria-busy={pending || undefined}
        data-testid="compare-button"
        onClick={toggle}
      >
        <CompareIcon className={styles.icon} />
        {place === 'page' && <span>{t('compare.add')}</span>}
      </button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
