import { useTranslation } from '@/i18n/use-translation';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useCompareCount } from '../api/get-compare-count';
import { CompareIcon } from './compare-icon';
import styles from './compare-widget.module.css';

/**
 * The header's compare widget (spec §3 "Compare list: a count of items", §4 "Compare widget: active when count is
 * above 0; inactive at 0 or less"): a link to the compare page (`/catalog/compare/`) with an icon and the count
 * badge, named "Сравнение: N товаров" (Russian plurals).
 *
 * Active (count above 0): shown, marked `data-active`. Inactive (0 or less, or while the count loads or failed):
 * nothing is rendered, as the original hides its inactive widget, and the header's empty slot collapses. The count
 * comes from `GET /api/compare/count`; every compare change sets it from its answer.
 */
export function CompareWidget() {
  const { t } = useTranslation();
  const count = useCompareCount().data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <NavLink
      to={paths.compare}
      end
      className={`icon-button ${styles.widget}`}
      data-active=""
      data-testid="compare-widget"
      aria-label={t('compare.widgetLabel', { count })}
    >
      <span className="count-badge-box">
        <CompareIcon className="icon-button__icon" />
        <span className="count-badge" aria-hidden="true" data-testid="compare-count">
          {count}
        </span>
      </span>
    </NavLink>
  );
}
