import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import styles from './site-header.module.css';

/**
 * The site header: the logo (shop name, links home) and the main navigation. Only what works is
 * shown; search, contacts, cart, compare and account areas join as their features land (spec §2).
 */
export function SiteHeader({ shopName }: { shopName: string }) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to={paths.home} className={styles.logo} aria-label={t('nav.logo', { shop: shopName })}>
          <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="8" />
            <path d="M8 11h16l-2 11H10z" />
            <path d="M12 11a4 4 0 0 1 8 0" />
          </svg>
          <span className={styles.name}>{shopName}</span>
        </Link>
        <nav aria-label={t('nav.main')} className={styles.nav}>
          <ul className={styles.menu}>
            <li>
              <NavLink to={paths.catalog} className={styles.menuLink}>
                <svg className={styles.menuIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <rect x="3" y="3" width="7" height="7" rx="1.5" />
                  <rect x="14" y="3" width="7" height="7" rx="1.5" />
                  <rect x="3" y="14" width="7" height="7" rx="1.5" />
                  <rect x="14" y="14" width="7" height="7" rx="1.5" />
                </svg>
                {t('nav.catalog')}
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
