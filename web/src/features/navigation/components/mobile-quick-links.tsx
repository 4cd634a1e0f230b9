import { useTranslation } from '@/i18n/use-translation';
import type { MenuItem } from '@/lib/api/types';
import { useActiveMenuItems } from '../hooks/use-active-menu-items';
import { MenuLink } from './menu-link';
import styles from './mobile-quick-links.module.css';

/**
 * The top panel's foot below 1043 px, before the delivery location (issue 8): the menu's top-level
 * items from `GET /api/menus/top` (Каталог, Скидки, Новинки, the sections…) as one horizontally
 * scrolling row of links, the current page's item highlighted. This is the row that hides on
 * scroll-down and comes back on scroll-up (spec §2).
 */
export function MobileQuickLinks({ items }: { items: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const active = useActiveMenuItems(items);
  if (items.length === 0) return null;
  return (
    <nav className={styles.nav} aria-label={t('nav.quickLinks')}>
      <ul className={styles.row}>
        {items.map((item) => (
          <li key={item.id}>
            <MenuLink
              url={item.url}
              className={styles.chip}
              current={active.current.has(item.id)}
            >
              {item.title}
            </MenuLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
