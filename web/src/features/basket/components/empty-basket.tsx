import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './empty-basket.module.css';

/** An empty basket (or wishlist, with its `text`): the message and "Перейти в каталог", then `children`. */
export function EmptyBasket({ text, children }: { text?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.empty}>
      <p>{text ?? t('basket.empty')}</p>
      <Link to={paths.catalog} className="button">
        {t('basket.toCatalog')}
      </Link>
      {children}
    </div>
  );
}
