import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { PanelQueryContent, SlidePanel, type ReturnFocusTarget } from '@/components/ui/overlay';
import { paths } from '@/config/paths';
import { useSections } from '@/lib/api/get-sections';
import type { NavSection } from '../utils/section-children';
import { useIsCurrentUrl } from '../hooks/use-is-current-url';
import { hasListContent } from '../utils/has-list-content';
import { childrenOf, groupSectionsByParent, type SectionChildren } from '../utils/section-children';
import { ExpandableMenuRow } from './expandable-menu-row';
import { ChevronIcon } from '@/components/ui/icons';
import { MenuLink } from './menu-link';
import { SlideMenuBackButton } from './slide-menu-back-button';
import { SlideMenuRow } from './slide-menu-row';
import styles from './catalog-slide-menu.module.css';

/** Props of {@link CatalogSlideMenu}. */
export interface CatalogSlideMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opened it (the head's icon or the main menu's entry); focus returns there. */
  returnFocusTo?: ReturnFocusTarget;
}

/** A subsection row: its link and, when it has subsections of its own, the drill-down button. */
function DrillRow({ section, groups, onDrill, isCurrent }: { section: NavSection; groups: SectionChildren; onDrill: (id: string) => void; isCurrent: (url: string) => boolean }) {
  const { t } = useTranslation();
  const hasChildren = childrenOf(groups, section.id).length > 0;
  return (
    <SlideMenuRow
      url={section.url}
      title={section.name}
      current={isCurrent(section.url)}
      arrow={
        hasChildren
          ? {
              direction: 'right',
              'data-drill': section.id,
              'aria-label': t('nav.subsections', { title: section.name }),
              onClick: () => onDrill(section.id),
            }
          : undefined
      }
    />
  );
}

/**
 * The section tree inside the catalogue slide menu. The top level is an accordion whose first
 * section starts expanded; a subsection with subsections of its own drills down: the list is
 * replaced by its subsections under a back step naming where it leads.
 */
export function CatalogTree({ sections }: { sections: readonly NavSection[] }) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupSectionsByParent(sections), [sections]);
  const byId = useMemo(() => new Map(sections.map((section) => [section.id, section])), [sections]);
  const top = childrenOf(groups, null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(top[0] ? [top[0].id] : []));
  const [trail, setTrail] = useState<string[]>([]);
  const focusRef = useRef<string | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const isCurrent = useIsCurrentUrl();

  useEffect(() => {
    const key = focusRef.current;
    if (key === null) return;
    focusRef.current = null;
    const selector = key === 'back' ? '[data-back]' : `[data-drill="${CSS.escape(key)}"]`;
    rootRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [trail]);

  const drill = (id: string) => {
    focusRef.current = 'back';
    setTrail((current) => [...current, id]);
  };
  const back = () => {
    focusRef.current = trail[trail.length - 1] ?? null;
    setTrail((current) => current.slice(0, -1));
  };
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const drilledId = trail[trail.length - 1];
  const drilled = drilledId === undefined ? undefined : byId.get(drilledId);
  if (drilled) {
    const parent = trail.length > 1 ? byId.get(trail[trail.length - 2]!) : undefined;
    return (
      <div ref={rootRef} className={styles.tree}>
        <button type="button" className={styles.backStep} data-back onClick={back}>
          <ChevronIcon className={`icon-inline ${styles.chevron}`} direction="left" />
          {parent ? parent.name : t('nav.allSections')}
        </button>
        <MenuLink url={drilled.url} className={styles.drillTitle} current={isCurrent(drilled.url)}>
          {drilled.name}
        </MenuLink>
        <ul className={styles.list}>
          {childrenOf(groups, drilled.id).map((section) => (
            <DrillRow key={section.id} section={section} groups={groups} onDrill={drill} isCurrent={isCurrent} />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div ref={rootRef} className={styles.tree}>
      <MenuLink url={paths.catalog} className={styles.allLink} current={isCurrent(paths.catalog)}>
        {t('nav.allCatalog')}
      </MenuLink>
      <ul className={styles.list}>
        {top.map((section) => {
          const children = childrenOf(groups, section.id);
          return (
            <ExpandableMenuRow
              key={section.id}
              url={section.url}
              title={section.name}
              current={isCurrent(section.url)}
              expanded={expanded.has(section.id)}
              onToggle={() => toggle(section.id)}
              toggleLabel={t('nav.subsections', { title: section.name })}
              hasChildren={children.length > 0}
            >
              {children.map((child) => (
                <DrillRow key={child.id} section={child} groups={groups} onDrill={drill} isCurrent={isCurrent} />
              ))}
            </ExpandableMenuRow>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The catalogue slide menu below 1043 px (issue 3; spec §2 "On narrower screens, a slide menu
 * opened by a catalogue icon and closed by its back icon"): a left slide panel titled "Каталог"
 * whose back icon closes it, filled from `GET /api/sections` ({@link CatalogTree}; the
 * `SLIDE_PANEL_UNDEFINED_ERROR` alert when that fails). Closes itself when the window widens
 * across the breakpoint. Opened from the head's catalogue icon and from the mobile main menu's
 * catalogue entry (then it lies on top of the main menu).
 */
export function CatalogSlideMenu({ open, onOpenChange, returnFocusTo }: CatalogSlideMenuProps) {
  const { t } = useTranslation();
  const sections = useSections();
  return (
    <SlidePanel
      open={open}
      onOpenChange={onOpenChange}
      title={t('nav.catalog')}
      side="left"
      breakpointSide="mobile"
      overlayId="catalog-slide-menu"
      returnFocusTo={returnFocusTo}
      headerStart={<SlideMenuBackButton label={t('nav.closeCatalog')} onClick={() => onOpenChange(false)} />}
    >
      <PanelQueryContent query={sections} hasContent={hasListContent}>
        {(data) => <CatalogTree sections={data} />}
      </PanelQueryContent>
    </SlidePanel>
  );
}
