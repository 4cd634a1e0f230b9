import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { Section } from '@/lib/api/types';
import styles from './section-grid.module.css';

/**
 * Tiles of sections (the home page's top-level sections): name linking to the section page and
 * its offer count (`130 товаров`, the section and all its subsections).
 */
export function SectionGrid({ sections, label }: { sections: Section[]; label?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.grid} aria-label={label}>
      {sections.map((section) => (
        <li key={section.id}>
          <Link to={section.url} className={styles.tile}>
            <span className={styles.monogram} aria-hidden="true">
              {section.name.trim().charAt(0).toUpperCase()}
            </span>
            <span className={styles.text}>
              <span className={styles.name}>{section.name}</span>
              <span className={styles.count}>{t('counts.offers', { count: section.offerCount })}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
