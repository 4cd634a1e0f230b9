import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { Section } from '@/lib/api/types';
import { childSections } from '../utils/section-tree';
import styles from './section-tree.module.css';

function SectionBranch({ sections, section }: { sections: Section[]; section: Section }) {
  const { t } = useTranslation();
  const children = childSections(sections, section.id);
  return (
    <li className={section.depth === 0 ? styles.root : styles.node}>
      <Link to={section.url} className={section.depth === 0 ? styles.rootLink : styles.link}>
        {section.name}
      </Link>{' '}
      <span className={styles.count}>{t('counts.offers', { count: section.offerCount })}</span>
      {children.length > 0 && (
        <ul className={styles.children}>
          {children.map((child) => (
            <SectionBranch key={child.id} sections={sections} section={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The whole section tree of the `/catalog/` page: top-level sections as cards in columns,
 * each with its nested subsections (any depth) and offer counts.
 */
export function SectionTree({ sections, label }: { sections: Section[]; label?: string }) {
  return (
    <ul className={styles.tree} aria-label={label}>
      {childSections(sections, null).map((section) => (
        <SectionBranch key={section.id} sections={sections} section={section} />
      ))}
    </ul>
  );
}
