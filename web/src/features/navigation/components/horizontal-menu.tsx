import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { MENU_OVERFLOW_THRESHOLD_ITEMS } from '@/config/constants';
import type { MenuItem } from '@/lib/api/types';
import { useHydrated } from '@/lib/use-hydrated';
import { useActiveMenuItems } from '../hooks/use-active-menu-items';
import { moveFocusInList, useMenuDisclosure, type MenuDisclosure } from '../hooks/use-menu-disclosure';
import { useViewportFlip } from '../hooks/use-viewport-flip';
import { computeVisibleCount } from '../utils/menu-overflow';
import type { ActiveItems } from '../utils/menu-url';
import { ChevronIcon, DotsIcon } from '@/components/ui/icons';
import { MenuLink } from './menu-link';
import styles from './horizontal-menu.module.css';

/** Ref callback that feeds both the disclosure and the flip measurement. */
function useDropdownRef(disclosure: MenuDisclosure) {
  const ref = useRef<HTMLUListElement | null>(null);
  const flip = useViewportFlip(disclosure.state, ref);
  const setRef = (node: HTMLUListElement | null) => {
    ref.current = node;
    disclosure.contentProps.ref(node);
  };
  return { setRef, flip };
}

function activeMark(item: MenuItem, active: ActiveItems): true | undefined {
  return active.current.has(item.id) || active.ancestors.has(item.id) ? true : undefined;
}

/** Whether any of `items` (or their descendants) is the current page. */
function holdsActive(items: readonly MenuItem[], active: ActiveItems): boolean {
  return items.some((item) => active.current.has(item.id) || active.ancestors.has(item.id));
}

/** A row of a dropdown (second level and deeper): link, and for a parent a toggle and its flyout. */
function DropdownItem({ item, active, parentOpen }: { item: MenuItem; active: ActiveItems; parentOpen: boolean }) {
  if (item.children.length === 0) {
    return (
      <li className={styles.dropItem} data-active={activeMark(item, active)}>
        <MenuLink url={item.url} className={styles.dropLink} current={active.current.has(item.id)}>
          {item.title}
        </MenuLink>
      </li>
    );
  }
  return <DropdownParent item={item} active={active} parentOpen={parentOpen} />;
}

function DropdownParent({ item, active, parentOpen }: { item: MenuItem; active: ActiveItems; parentOpen: boolean }) {
  const { t } = useTranslation();
  const disclosure = useMenuDisclosure({ openKeys: ['ArrowRight'], parentOpen });
  const { setRef, flip } = useDropdownRef(disclosure);
  const { rootProps, triggerProps, contentProps } = disclosure;
  const onKeyDown = (event: KeyboardEvent) => {
    // ArrowLeft inside an open flyout steps back to its toggle (APG menu convention).
    if (event.key === 'ArrowLeft' && disclosure.open && event.target !== event.currentTarget) {
      const flyout = document.getElementById(contentProps.id);
      if (flyout?.contains(event.target as Node)) {
        event.preventDefault();
        event.stopPropagation();
        disclosure.setOpen(false);
        (event.currentTarget.querySelector(':scope > button') as HTMLElement | null)?.focus();
        return;
      }
    }
    rootProps.onKeyDown(event);
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape and the arrows on the item close or open its flyout; the link and the toggle inside are the controls
    <li className={styles.dropItem} data-active={activeMark(item, active)} {...rootProps} onKeyDown={onKeyDown}>
      <MenuLink url={item.url} className={styles.dropLink} current={active.current.has(item.id)}>
        {item.title}
      </MenuLink>
      <button type="button" className={styles.dropToggle} {...triggerProps} aria-label={t('nav.submenu', { title: item.title })}>
        <ChevronIcon className={`icon-inline ${styles.chevron}`} direction="right" />
      </button>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys move between the links inside (WAI-ARIA disclosure navigation) */}
      <ul className={styles.flyout} {...contentProps} ref={setRef} data-flip={flip || undefined} onKeyDown={moveFocusInList}>
        {item.children.map((child) => (
          <DropdownItem key={child.id} item={child} active={active} parentOpen={disclosure.open} />
        ))}
      </ul>
    </li>
  );
}

/** A top-level item with sub-items: the label is a link, the chevron a disclosure toggle. */
function BarParent({ item, active }: { item: MenuItem; active: ActiveItems }) {
  const { t } = useTranslation();
  const disclosure = useMenuDisclosure();
  const { setRef, flip } = useDropdownRef(disclosure);
  const hydrated = useHydrated();
  return (
    <li className={styles.barItem} data-active={activeMark(item, active)} data-open={disclosure.open || undefined} {...disclosure.rootProps}>
      <MenuLink url={item.url} className={styles.barLink} current={active.current.has(item.id)}>
        {item.title}
      </MenuLink>
      <button
        type="button"
        className={styles.barToggle}
        {...disclosure.triggerProps}
        aria-label={t('nav.submenu', { title: item.title })}
      >
        <ChevronIcon className={`icon-inline ${styles.chevron}`} />
      </button>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys move between the links inside (WAI-ARIA disclosure navigation) */}
      <ul className={styles.dropdown} {...disclosure.contentProps} ref={setRef} data-flip={flip || undefined} onKeyDown={moveFocusInList}>
        {hydrated &&
          item.children.map((child) => <DropdownItem key={child.id} item={child} active={active} parentOpen={disclosure.open} />)}
      </ul>
    </li>
  );
}

/** The final "…" item holding the items that do not fit, in their original order. */
function MoreItem({ items, active }: { items: MenuItem[]; active: ActiveItems }) {
  const { t } = useTranslation();
  const disclosure = useMenuDisclosure();
  const { setRef, flip } = useDropdownRef(disclosure);
  const hydrated = useHydrated();
  return (
    <li
      className={`${styles.barItem} ${styles.moreItem}`}
      data-active={holdsActive(items, active) || undefined}
      data-open={disclosure.open || undefined}
      {...disclosure.rootProps}
    >
      <button type="button" className={styles.moreButton} {...disclosure.triggerProps} aria-label={t('nav.more')}>
        <DotsIcon className={styles.dots} />
      </button>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys move between the links inside (WAI-ARIA disclosure navigation) */}
      <ul className={styles.dropdown} {...disclosure.contentProps} ref={setRef} data-flip={flip || undefined} onKeyDown={moveFocusInList}>
        {hydrated && items.map((item) => <DropdownItem key={item.id} item={item} active={active} parentOpen={disclosure.open} />)}
      </ul>
    </li>
  );
}

/**
 * The horizontal multilevel menu of the top panel's foot (desktop, issue 3; spec §2):
 *
 * - items from `GET /api/menus/top`, each level a disclosure (WAI-ARIA APG "Disclosure Navigation
 *   Menu"): the label is a link, the chevron a toggle button with `aria-expanded`; dropdowns open
 *   after the 200 ms hover intent and fade over 150 ms, nested ones open to the side and flip to
 *   stay inside the viewport;
 * - items that do not fit on the line move, in order, into the final "…" item
 *   ({@link computeVisibleCount}; widths come from a hidden measuring copy, recomputed by a
 *   `ResizeObserver`); menus of `MENU_OVERFLOW_THRESHOLD_ITEMS` items or fewer never split;
 * - the current page's items get `aria-current="page"`, their ancestors `data-active`;
 * - before hydration (and without JavaScript) the line is clipped at its end.
 */
export function HorizontalMenu({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const active = useActiveMenuItems(items);
  const navRef = useRef<HTMLElement | null>(null);
  const measureRef = useRef<HTMLUListElement | null>(null);
  const [visibleCount, setVisibleCount] = useState(items.length);
  const hydrated = useHydrated();

  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return;
    const recompute = () => {
      const rows = Array.from(measure.children);
      const moreRow = rows.pop();
      const widths = rows.map((row) => Math.ceil(row.getBoundingClientRect().width));
      const moreWidth = moreRow ? Math.ceil(moreRow.getBoundingClientRect().width) : 0;
      setVisibleCount(computeVisibleCount(widths, moreWidth, nav.clientWidth, MENU_OVERFLOW_THRESHOLD_ITEMS));
    };
    recompute();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(recompute);
    observer.observe(nav);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [items]);

  const visible = items.slice(0, visibleCount);
  const overflow = items.slice(visibleCount);

  return (
    <nav ref={navRef} className={styles.nav} aria-label={t('nav.main')}>
      {/* Until the measurement runs (the server's HTML, a page without JavaScript) every item is on the line: the
          ones past its end are clipped, not drawn under the city chip beside it. */}
      <ul className={styles.bar} data-testid="menu-bar" data-clip={!hydrated || undefined}>
        {visible.map((item) =>
          item.children.length > 0 ? (
            <BarParent key={item.id} item={item} active={active} />
          ) : (
            <li key={item.id} className={styles.barItem} data-active={activeMark(item, active)}>
              <MenuLink url={item.url} className={styles.barLink} current={active.current.has(item.id)}>
                {item.title}
              </MenuLink>
            </li>
          ),
        )}
        {overflow.length > 0 && <MoreItem items={overflow} active={active} />}
      </ul>
      {/* The measuring copy: every item and the "…" laid out on one line, invisible and clipped
          (so its full width never widens the page). */}
      <div className={styles.measureBox} aria-hidden="true">
        <ul ref={measureRef} className={`${styles.bar} ${styles.measure}`}>
          {items.map((item) => (
            <li key={item.id} className={styles.barItem}>
              <span className={styles.barLink}>{item.title}</span>
              {item.children.length > 0 && (
                <span className={styles.barToggle}>
                  <ChevronIcon className={`icon-inline ${styles.chevron}`} />
                </span>
              )}
            </li>
          ))}
          <li className={styles.barItem}>
            <span className={styles.moreButton}>
              <DotsIcon className={styles.dots} />
            </span>
          </li>
        </ul>
      </div>
    </nav>
  );
}
