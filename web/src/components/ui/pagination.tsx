import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import styles from './pagination.module.css';

/** Page numbers to show around `page` of `pages`; `null` marks a gap (…). Always shows the first and last. */
export function pageWindow(page: number, pages: number, radius = 1): (number | null)[] {
  const shown = new Set<number>([1, pages]);
  for (let p = page - radius; p <= page + radius; p += 1) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((p, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && p - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) result.push(null);
    result.push(p);
  });
  return result;
}

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages; nothing is rendered for one page or less. */
  pages: number;
  /** The link of a page (keeps the listing's other query parameters). */
  hrefFor: (page: number) => string;
}

/**
 * Page links of a listing (real links, so pages can be opened in a new tab or bookmarked).
 * The current page is `aria-current="page"`; "previous"/"next" are only shown where they lead somewhere.
 */
export function Pagination({ page, pages, hrefFor }: PaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className={styles.pagination}>
      <ul className={styles.list}>
        {page > 1 && (
          <li>
            <Link to={hrefFor(page - 1)} className={`${styles.link} ${styles.step}`} rel="prev">
              <span aria-hidden="true">‹ </span>
              {t('pagination.previous')}
            </Link>
          </li>
        )}
        {pageWindow(page, pages).map((p, index) =>
          p === null ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                className={styles.link}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={hrefFor(page + 1)} className={`${styles.link} ${styles.step}`} rel="next">
              {t('pagination.next')}
              <span aria-hidden="true"> ›</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
