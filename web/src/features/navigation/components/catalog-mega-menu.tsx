import { useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { PanelQueryContent } from '@/components/ui/overlay';
import { paths } from '@/config/paths';
import { useSections } from '@/lib/api/get-sections';
import { useHydrated } from '@/lib/use-hydrated';
import type { NavSection } from '../utils/section-children';
import { useIsCurrentUrl } from '../hooks/use-is-current-url';
import type { MenuDisclosure } from '../hooks/use-menu-disclosure';
import { hasListContent } from '../utils/has-list-content';
import { childrenOf, groupSectionsByParent, type SectionChildren } from '../utils/section-children';
import { CatalogIcon, ChevronIcon } from '@/components/ui/icons';
import { MenuLink } from './menu-link';
import styles from './catalog-mega-menu.module.css';

function SubsectionList({ groups, parentId, isCurrent }: { groups: SectionChildren; parentId: string; isCurrent: (url: string) => boolean }) {
  const children = childrenOf(groups, parentId);
  if (children.length === 0) return null;
  return (
    <ul className={styles.sublist}>
      {children.map((section) => (
        <li key={section.id}>
          <MenuLink url={section.url} className={styles.sublink} current={isCurrent(section.url)}>
            {section.name}
          </MenuLink>
          <SubsectionList groups={groups} parentId={section.id} isCurrent={isCurrent} />
        </li>
      ))}
    </ul>
  );
}

function SectionColumns({ sections }: { sections: readonly NavSection[] }) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupSectionsByParent(sections), [sections]);
  const isCurrent = useIsCurrentUrl();
  return (
    <>
      <MenuLink url={paths.catalog} className={styles.all} current={isCurrent(paths.catalog)}>
        {t('nav.allCatalog')}
        <ChevronIcon className={styles.allIcon} direction="right" />
      </MenuLink>
      <ul className={styles.columns}>
        {childrenOf(groups, null).map((section) => (
          <li key={section.id} className={styles.column} data-menu-column="">
            <MenuLink url={section.url} className={styles.columnTitle} current={isCurrent(section.url)}>
              {section.name}
            </MenuLink>
            <SubsectionList groups={groups} parentId={section.id} isCurrent={isCurrent} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Arrow keys in the open mega menu (issue 19; the WAI-ARIA disclosure navigation pattern's optional arrow keys), so
 * a keyboard shopper need not Tab through every link: ArrowRight/ArrowLeft go to the next/previous top-level
 * section (wrapping), ArrowDown/ArrowUp move through the focused section's own links (its title, then its
 * sub-sections in order), Home/End go to the first/last top-level section. "Весь каталог" leads into the first
 * section with ArrowDown or ArrowRight. Tab keeps its order.
 */
function moveFocusInMegaMenu(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !event.currentTarget.contains(active)) return;
  const columns = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-menu-column]'));
  const titleOf = (column: HTMLElement | undefined) => column?.querySelector<HTMLElement>('a[href]');
  const column = active.closest<HTMLElement>('[data-menu-column]');
  let target: HTMLElement | null | undefined;
  if (event.key === 'Home') target = titleOf(columns[0]);
  else if (event.key === 'End') target = titleOf(columns[columns.length - 1]);
  else if (!column) {
    // The "Весь каталог" link above the columns.
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') target = titleOf(columns[0]);
  } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
    const index = columns.indexOf(column);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    target = titleOf(columns[(index + step + columns.length) % columns.length]);
  } else {
    const links = Array.from(column.querySelectorAll<HTMLElement>('a[href]'));
    const index = links.indexOf(active);
    target = links[event.key === 'ArrowDown' ? Math.min(index + 1, links.length - 1) : Math.max(index - 1, 0)];
  }
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * The catalogue button of the top panel's head at 1043 px and wider, with its mega menu (issue 3;
 * spec §2 "Catalogue menu: on width 1043 px or more, a hover dropdown with a backdrop"): the
 * button is a disclosure toggle (hover intent 200 ms, click, Enter/Space, ArrowDown; Escape closes),
 * the panel lists the section tree of `GET /api/sections` in columns, each top-level section with
 * its subsections, plus a link to the whole catalogue; arrow keys move between sections and into sub-sections
 * ({@link moveFocusInMegaMenu}). The dimming backdrop is
 * {@link CatalogMenuBackdrop}, rendered by the top panel under the head.
 */
export function CatalogMegaMenu({ disclosure }: { disclosure: MenuDisclosure }) {
  const { t } = useTranslation();
  const sections = useSections();
  const hydrated = useHydrated();
  return (
    <div className={styles.wrapper} {...disclosure.rootProps}>
      <button type="button" className={styles.button} {...disclosure.triggerProps}>
        <CatalogIcon className={styles.icon} />
        {t('nav.catalog')}
        <ChevronIcon className={`icon-inline ${styles.chevron}`} />
      </button>
      <div className={styles.panel} {...disclosure.contentProps} data-testid="catalog-mega-menu">
        {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- arrow keys move between the section links inside (WAI-ARIA disclosure navigation) */}
        <div className={`container ${styles.inner}`} onKeyDown={moveFocusInMegaMenu}>
          {hydrated && (
            <PanelQueryContent query={sections} hasContent={hasListContent}>
              {(data) => <SectionColumns sections={data} />}
            </PanelQueryContent>
          )}
        </div>
      </div>
    </div>
  );
}

/** The backdrop dimming the page under the open catalogue mega menu; a press on it closes the menu. */
export function CatalogMenuBackdrop({ disclosure }: { disclosure: MenuDisclosure }) {
  return (
    <div
      className={styles.backdrop}
      hidden={disclosure.state === 'closed'}
      data-state={disclosure.state}
      data-testid="catalog-menu-backdrop"
      aria-hidden="true"
      onClick={() => disclosure.setOpen(false)}
    />
  );
}
