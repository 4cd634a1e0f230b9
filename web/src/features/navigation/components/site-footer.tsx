import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { paths } from '@/config/paths';
import { LanguageSwitch } from './language-switch';
import styles from './site-footer.module.css';

/** Props of {@link SiteFooter}. */
export interface SiteFooterProps {
  /** Shop name from `GET /api/shop`. */
  shopName: string;
  /** Legal name of the company, shown under the name when known. */
  company?: string | null;
}

/**
 * The site footer: shop name and company, links home, to the catalogue, the feedback page, the contacts and the reviews (issue 8), the
 * language switch.
 */
export function SiteFooter({ shopName, company }: SiteFooterProps) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.brand}>
          <p className={styles.name}>{shopName}</p>
          {company && company !== shopName && <p className={styles.company}>{company}</p>}
          <p className={styles.copyright}>{t('footer.copyright', { year, name: shopName })}</p>
        </div>
        <ul className={styles.links}>
          <li>
            <Link to={paths.home}>{t('nav.home')}</Link>
          </li>
          <li>
            <Link to={paths.catalog}>{t('nav.catalog')}</Link>
          </li>
          <li>
            <Link to={paths.feedback}>{t('forms.feedback.link')}</Link>
          </li>
          <li>
            <Link to={paths.contacts}>{t('contacts.title')}</Link>
          </li>
          <li>
            <Link to={paths.reviews}>{t('reviews.link')}</Link>
          </li>
        </ul>
        <LanguageSwitch />
      </div>
    </footer>
  );
}
