import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import styles from './breadcrumbs.module.css';

/** One step of a breadcrumb trail; the last step is the current page and has no `to`. */
export interface Crumb {
  label: string;
  /** Link target; omit for the current page. */
  to?: string;
}

/**
 * A breadcrumb trail (`Главная › Каталог › parent › section`) in a labelled `<nav>` with an ordered
 * list; the current page is marked `aria-current="page"`.
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.breadcrumbs')} className={styles.breadcrumbs}>
      <ol className={styles.list}>
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className={styles.item}>
            {item.to && index < items.length - 1 ? (
              <Link to={item.to} className={styles.link}>
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className={styles.current}>
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
