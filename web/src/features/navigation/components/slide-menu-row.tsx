import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { ChevronIcon } from '@/components/ui/icons';
import { MenuLink } from './menu-link';
import styles from './slide-menu-row.module.css';

/** The arrow button after a row's link: its attributes (label, click, `aria-expanded`, `data-drill` …). */
export type SlideMenuRowArrow = Omit<ComponentPropsWithoutRef<'button'>, 'type' | 'className' | 'children'> & {
  /** Where the chevron points: `down` (expands in place, turning up while expanded) or `right` (drills down). */
  direction?: 'down' | 'right';
  /** The section a drill-down arrow leads into (the catalogue tree puts focus back on it). */
  'data-drill'?: string;
};

/** Props of {@link SlideMenuRow}. */
export interface SlideMenuRowProps {
  /** The item's link target. */
  url: string;
  /** The item's text (the link's). */
  title: ReactNode;
  /** The link is the current page (`aria-current="page"`). */
  current: boolean;
  /** Marks the row active (the current page or one of its ancestors): `data-active`. */
  active?: boolean;
  /** The arrow button, when the row has one. */
  arrow?: SlideMenuRowArrow;
  /** What follows the row inside its item (a sub-list). */
  children?: ReactNode;
}

/**
 * One item of a slide menu's list (issue 3): an `<li>` with the item's link and an optional arrow button, then
 * whatever the caller adds (a sub-list). {@link ExpandableMenuRow} (the arrow expands a sub-list in place) and the
 * catalogue's drill-down rows (the arrow replaces the list) are built on it. Inside a sub-list the rows lose their
 * separators and their links turn regular weight (`--slide-menu-separator`, `--slide-menu-link-weight`, set by the
 * sub-list).
 */
export function SlideMenuRow({ url, title, current, active, arrow, children }: SlideMenuRowProps) {
  const { direction = 'down', ...buttonProps } = arrow ?? {};
  return (
    <li className={styles.item} data-active={active || undefined}>
      <div className={styles.row}>
        <MenuLink url={url} className={styles.link} current={current}>
          {title}
        </MenuLink>
        {arrow && (
          <button type="button" className={styles.toggle} {...buttonProps}>
            <ChevronIcon className={`icon-inline ${styles.chevron}`} direction={direction} />
          </button>
        )}
      </div>
      {children}
    </li>
  );
}
