import { useId, type ReactNode } from 'react';
import { ChevronIcon } from '@/components/ui/icons';
import { MenuLink } from './menu-link';
import styles from './slide-menus.module.css';

/** Props of {@link ExpandableMenuRow}. */
export interface ExpandableMenuRowProps {
  /** The item's link target. */
  url: string;
  /** The item's text (the link's). */
  title: string;
  /** The link is the current page (`aria-current="page"`). */
  current: boolean;
  /** Marks the row active (the current page or one of its ancestors): `data-active`. */
  active?: boolean;
  /** Whether the sub-list is shown (`aria-expanded` of the arrow). */
  expanded: boolean;
  /** Called by the arrow button; the text stays a link and never toggles. */
  onToggle: () => void;
  /** Accessible name of the arrow button, e.g. "Подменю «О магазине»". */
  toggleLabel: string;
  /** The sub-list's rows (`<li>`s); with none the row has no arrow and no sub-list. */
  children?: ReactNode;
  /** Whether there are sub-items; the arrow and the sub-list exist only then. */
  hasChildren: boolean;
}

/**
 * One expandable row of a slide menu (issue 3, spec §2 "expandable sub-items whose arrow toggles
 * them without navigating"): the item's link, an arrow button (`aria-expanded`, `aria-controls`)
 * and the sub-list it shows and hides. Used by the mobile main menu's items and the top level of
 * the catalogue slide menu.
 */
export function ExpandableMenuRow({ url, title, current, active, expanded, onToggle, toggleLabel, children, hasChildren }: ExpandableMenuRowProps) {
  const listId = useId();
  return (
    <li className={styles.item} data-active={active || undefined}>
      <div className={styles.row}>
        <MenuLink url={url} className={styles.link} current={current}>
          {title}
        </MenuLink>
        {hasChildren && (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={expanded}
            aria-controls={listId}
            aria-label={toggleLabel}
            onClick={onToggle}
          >
            <ChevronIcon className={styles.chevron} />
          </button>
        )}
      </div>
      {hasChildren && (
        <ul id={listId} className={styles.sublist} hidden={!expanded}>
          {children}
        </ul>
      )}
    </li>
  );
}
