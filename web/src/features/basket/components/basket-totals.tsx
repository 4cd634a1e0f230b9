import { useTranslation } from '@/i18n/use-translation';
import { formatMoney } from '@/lib/format';
import type { BasketSummary } from '@/lib/api/types';
import styles from './basket-totals.module.css';

/** The basket's totals: pieces and the sum to pay (`data-testid="basket-total"`). */
export function BasketTotals({ totals }: { totals: BasketSummary }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.totals}>
      <div className={styles.row}>
        <dt>{t('basket.pieces')}</dt>
        <dd>{totals.quantity}</dd>
      </div>
      <div className={`${styles.row} ${styles.total}`}>
        <dt>{t('basket.total')}</dt>
        <dd data-testid="basket-total">{formatMoney(totals.sum, totals.currencyId)}</dd>
      </div>
    </dl>
  );
}
