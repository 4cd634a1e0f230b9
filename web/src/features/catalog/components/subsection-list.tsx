import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { Section } from '@/lib/api/types';
import styles from './subsection-list.module.css';

/** The subsections of a section page as a row of links ("chips") with offer counts. Renders nothing when empty. */
export function SubsectionList({ sections, label }: { sections: Section[]; label: string }) {
  const { t } = useTranslation();
  if (sections.length === 0) return null;
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.list}>
        {sections.map((section) => (
          <li key={section.id}>
            <Link to={section.url} className={styles.chip}>
              {section.name}
              <span className={styles.count} aria-hidden="true">
                {section.offerCount}
              </span>
              <span className="visually-hidden">, {t('counts.offers', { count: section.offerCount })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
