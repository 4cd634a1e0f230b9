import { useId, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { OfferActionsSlot } from '@/components/offer/offer-actions-slot';
import { Picture } from '@/components/ui/picture';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { Alert } from '@/components/ui/alert';
import { CARD_IMAGE_SIZE_PX } from '@/config/constants';
import { paths } from '@/config/paths';
import type { Offer } from '@/lib/api/types';
import { formatMoney } from '@/lib/format';
import { useClearCompare } from '../api/clear-compare';
import { useCompareList } from '../api/get-compare';
import { useRemoveFromCompare } from '../api/remove-from-compare';
import { compareRows } from '../utils/compare-rows';
import { InsideCompareTable } from './compare-table-context';
import { useCompareErrorMessage } from './use-compare-error-message';
import styles from './compare-view.module.css';

/**
 * The compare page's body (issue 6, `/catalog/compare/`): its `<h1>` "Сравнение товаров", then the offers of the
 * compare list side by side (`GET /api/compare`):
 *
 * - a column per offer: picture and name link (the column header), price, availability, the app's offer actions
 *   ("В корзину", through `OfferActionsSlot` place `table`) and "Удалить" (`DELETE /api/compare/{offerId}`);
 * - a row per characteristic: the union of every offer's param names, "—" (read as "нет") where an offer has none;
 * - "Только различия" (a switch) hides the characteristic rows whose values are all equal;
 * - "Очистить" empties the list (`DELETE /api/compare`);
 * - an empty list shows a message and a link to the catalogue.
 *
 * The table scrolls sideways on narrow screens with the names column fixed at the left edge. After a removal the
 * focus goes to the `<h1>` (the button it was on is gone). A refused change shows its message in an alert.
 */
export function CompareView() {
  const { t } = useTranslation();
  const list = useCompareList();
  const remove = useRemoveFromCompare();
  const clear = useClearCompare();
  const errorMessage = useCompareErrorMessage();
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const switchId = useId();
  const busy = remove.isPending || clear.isPending;

  const changed = {
    onSuccess: () => headingRef.current?.focus(),
    onError: (failure: unknown) => setError(errorMessage(failure)),
  };
  const removeOffer = (offer: Offer) => {
    if (busy) return;
    setError(null);
    remove.mutate(offer.id, changed);
  };
  const clearAll = () => {
    if (busy) return;
    setError(null);
    clear.mutate(undefined, changed);
  };

  // One heading element in every state, so the focus a removal moves to it survives the re-render.
  const count = list.data?.items.length ?? 0;
  const heading = (
    <div className={styles.heading}>
      <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
        {t('compare.title')}
      </h1>
      {count > 0 && <p className={styles.muted}>{t('counts.offers', { count })}</p>}
    </div>
  );

  if (list.isPending) {
    return (
      <>
        {heading}
        <LoadingState />
      </>
    );
  }
  if (list.isError) {
    return (
      <>
        {heading}
        <ErrorState onRetry={() => void list.refetch()} />
      </>
    );
  }

  const offers = list.data.items;
  if (offers.length === 0) {
    return (
      <>
        {heading}
        <div className={styles.empty} data-testid="compare-empty">
          <p className={styles.emptyText}>{t('compare.empty')}</p>
          <p className={styles.muted}>{t('compare.emptyHint')}</p>
          <Link to={paths.catalog} className="button">
            {t('compare.toCatalog')}
          </Link>
        </div>
      </>
    );
  }

  const rows = compareRows(offers);
  const shownRows = onlyDifferences ? rows.filter((row) => !row.allEqual) : rows;
  const tableStyle = { '--compare-offers': offers.length } as CSSProperties;

  return (
    <>
      {heading}
      <div className={styles.toolbar}>
        <div className="checkbox-field">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={onlyDifferences}
            onChange={(event) => setOnlyDifferences(event.currentTarget.checked)}
          />
          <label htmlFor={switchId}>{t('compare.onlyDifferences')}</label>
        </div>
        <button
          type="button"
          className={`button button--secondary ${styles.clear}`}
          aria-label={t('compare.clearLabel')}
          onClick={clearAll}
        >
          {t('compare.clear')}
        </button>
      </div>
      {error && <Alert className={styles.alert}>{error}</Alert>}

      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so the keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <div className={styles.scroller} role="region" aria-label={t('compare.tableLabel')} tabIndex={0}>
        <table className={styles.table} style={tableStyle} data-testid="compare-table">
          <caption className="visually-hidden">
            {t('compare.title')}: {t('counts.offers', { count: offers.length })}
          </caption>
          <thead>
            <tr>
              <td className={styles.corner} />
              {offers.map((offer) => (
                <th key={offer.id} scope="col" className={styles.offer} data-offer-id={offer.id}>
                  <Picture
                    picture={offer.pictures[0]}
                    slot="card"
                    alt=""
                    width={CARD_IMAGE_SIZE_PX}
                    height={CARD_IMAGE_SIZE_PX}
                    className={styles.picture}
                  />
                  <Link to={offer.url} className={styles.name}>
                    {offer.name}
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('compare.price')}</th>
              {offers.map((offer) => (
                <td key={offer.id}>
                  <span className={styles.price}>
                    {offer.price > 0 ? formatMoney(offer.price, offer.currencyId) : t('offer.priceOnRequest')}
                  </span>
                  {offer.oldPrice !== null && offer.oldPrice > offer.price && (
                    <s className={styles.oldPrice}>
                      <span className="visually-hidden">{t('offer.oldPrice')}: </span>
                      {formatMoney(offer.oldPrice, offer.currencyId)}
                    </s>
                  )}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t('compare.availability')}</th>
              {offers.map((offer) => (
                <td key={offer.id} className={offer.available ? styles.inStock : styles.outOfStock}>
                  {offer.available ? t('offer.inStock') : t('offer.outOfStock')}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">
                <span className="visually-hidden">{t('compare.actions')}</span>
              </th>
              {offers.map((offer) => (
                <td key={offer.id}>
                  <div className={styles.actions}>
                    <InsideCompareTable.Provider value>
                      <OfferActionsSlot offer={offer} place="table" />
                    </InsideCompareTable.Provider>
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={t('compare.removeLabel', { name: offer.name })}
                      onClick={() => removeOffer(offer)}
                    >
                      <svg className={styles.removeIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                        <path d="M6 6l12 12M18 6L6 18" />
                      </svg>
                      <span aria-hidden="true">{t('compare.remove')}</span>
                    </button>
                  </div>
                </td>
              ))}
            </tr>
            {shownRows.map((row) => (
              <tr key={row.name} data-testid="compare-param-row">
                <th scope="row">{row.name}</th>
                {row.values.map((value, index) => (
                  <td key={offers[index]!.id}>
                    {value ?? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">{t('compare.missing')}</span>
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? (
        <p className={styles.note}>{t('compare.noParams')}</p>
      ) : (
        shownRows.length === 0 && <p className={styles.note}>{t('compare.noDifferences')}</p>
      )}
    </>
  );
}
