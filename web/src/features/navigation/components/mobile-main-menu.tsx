import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { PanelQueryContent, SlidePanel, type ReturnFocusTarget } from '@/components/ui/overlay';
import { normalizePath, paths } from '@/config/paths';
import { useTopMenu } from '../api/get-top-menu';
import type { MenuItem } from '@/lib/api/types';
import { useActiveMenuItems } from '../hooks/use-active-menu-items';
import { hasListContent } from '../utils/has-list-content';
import { isExternalUrl, type ActiveItems } from '../utils/menu-url';
import { ExpandableMenuRow } from './expandable-menu-row';
import { CatalogIcon, ChevronIcon } from '@/components/ui/icons';
import { SlideMenuBackButton } from './slide-menu-back-button';
import styles from './mobile-main-menu.module.css';

/** Props of {@link MobileMainMenu}. */
export interface MobileMainMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the catalogue slide menu (on top of this one); gets the entry, where focus returns. */
  onOpenCatalog: (opener: HTMLElement) => void;
  /** The control that opened the menu (the head's menu icon); focus returns there. */
  returnFocusTo?: ReturnFocusTarget;
}

/**
 * True for the menu item the catalogue entry stands for: a site link to the catalogue root without
 * parameters (`/catalog/`). The entry opens the catalogue slide menu with the same sections, so the
 * item is not listed twice.
 */
export function isCatalogRootItem(item: MenuItem): boolean {
  if (isExternalUrl(item.url)) return false;
  const url = new URL(item.url, 'http://site.invalid');
  return url.search === '' && normalizePath(url.pathname) === paths.catalog;
}

function MobileMenuItem({ item, active }: { item: MenuItem; active: ActiveItems }) {
  const { t } = useTranslation();
  // The branch leading to the current page starts expanded.
  const [expanded, setExpanded] = useState(() => active.ancestors.has(item.id));
  return (
    <ExpandableMenuRow
      url={item.url}
      title={item.title}
      current={active.current.has(item.id)}
      active={active.ancestors.has(item.id) || active.current.has(item.id)}
      expanded={expanded}
      onToggle={() => setExpanded((value) => !value)}
      toggleLabel={t('nav.submenu', { title: item.title })}
      hasChildren={item.children.length > 0}
    >
      {item.children.map((child) => (
        <MobileMenuItem key={child.id} item={child} active={active} />
      ))}
    </ExpandableMenuRow>
  );
}

/** The items of the mobile main menu: links, with arrow buttons that expand sub-items in place. */
export function MobileMenuList({ items }: { items: readonly MenuItem[] }) {
  const active = useActiveMenuItems(items);
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <MobileMenuItem key={item.id} item={item} active={active} />
      ))}
    </ul>
  );
}

/**
 * The mobile main menu below 1043 px (issue 3; spec §2 "On narrow screens a cloned main menu is
 * added with a back title, a catalogue entry at its top and expandable sub-items"): a left slide
 * panel opened by the head's menu icon, titled "Меню" after a back icon that closes it. Built
 * from the same `GET /api/menus/top` data as the desktop menu, not a copy of its DOM. At the top a
 * catalogue entry opens the catalogue slide menu stacked on this one; then the items, whose arrow
 * buttons (`aria-expanded`) expand their sub-items without navigating while the text stays a link.
 * A failed or malformed answer shows the `SLIDE_PANEL_UNDEFINED_ERROR` alert (spec §8).
 */
export function MobileMainMenu({ open, onOpenChange, onOpenCatalog, returnFocusTo }: MobileMainMenuProps) {
  const { t } = useTranslation();
  const menu = useTopMenu();
  return (
    <SlidePanel
      open={open}
      onOpenChange={onOpenChange}
      title={t('nav.menu')}
      side="left"
      breakpointSide="mobile"
      overlayId="mobile-main-menu"
      returnFocusTo={returnFocusTo}
      headerStart={<SlideMenuBackButton label={t('nav.closeMenu')} onClick={() => onOpenChange(false)} />}
    >
      <button type="button" className={styles.catalogEntry} aria-haspopup="dialog" onClick={(event) => onOpenCatalog(event.currentTarget)}>
        <CatalogIcon className={styles.catalogIcon} />
        <span className={styles.catalogLabel}>{t('nav.catalog')}</span>
        <ChevronIcon className={`icon-inline ${styles.chevron}`} direction="right" />
      </button>
      <PanelQueryContent query={menu} hasContent={hasListContent}>
        {(items) => <MobileMenuList items={items.filter((item) => !isCatalogRootItem(item))} />}
      </PanelQueryContent>
    </SlidePanel>
  );
}
