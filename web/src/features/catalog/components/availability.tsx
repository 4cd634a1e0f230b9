import { useTranslation } from '@/i18n/use-translation';
import styles from './availability.module.css';

/** Availability of an offer: "В наличии" or "Нет в наличии", as text (colour only repeats it). */
export function Availability({ available }: { available: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={available ? styles.inStock : styles.outOfStock} data-available={available ? 'true' : 'false'}>
      <span className={styles.dot} aria-hidden="true" />
      {available ? t('offer.inStock') : t('offer.outOfStock')}
    </p>
  );
}
