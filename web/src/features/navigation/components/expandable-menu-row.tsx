import { useId, type ReactNode } from 'react';
import { SlideMenuRow } from './slide-menu-row';
import styles from './expandable-menu-row.module.css';

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
 * and the sub-list it shows and hides ({@link SlideMenuRow} with a sub-list). Used by the mobile main menu's
 * items and the top level of the catalogue slide menu.
 */
export function ExpandableMenuRow({ url, title, current, active, expanded, onToggle, toggleLabel, children, hasChildren }: ExpandableMenuRowProps) {
  const listId = useId();
  return (
    <SlideMenuRow
      url={url}
      title={title}
      current={current}
      active={active}
      arrow={
        hasChildren
          ? { 'aria-expanded': expanded, 'aria-controls': listId, 'aria-label': toggleLabel, onClick: onToggle }
          : undefined
      }
    >
      {hasChildren && (
        <ul id={listId} className={styles.sublist} hidden={!expanded}>
          {children}
        </ul>
      )}
    </SlideMenuRow>
  );
}
