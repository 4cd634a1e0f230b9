import { type ReactNode, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { SECTIONS_CONTAINER_HEIGHT_PX } from '@/config/constants';
import { ChevronIcon } from '@/components/ui/icons';
import { ALL_SECTIONS_ID, type SearchSection } from '../api/search';
import styles from './search-sections.module.css';

/** Props of {@link SearchSections}. */
export interface SearchSectionsProps {
  /** The answer's sections, "Все результаты" (`"0"`) first. */
  sections: SearchSection[];
  /** The chosen section id: the only active one. */
  selected: string;
  onSelect: (id: string) => void;
  /**
   * A line shown above the sections (the results page's "Найдено N товаров"). When given, the toggle sits at the end
   * of that line, whose height is reserved, and the list is cut before hydration too: measuring after hydration then
   * moves nothing on a server-rendered page (CLS 0, issue 22). Without it the toggle follows the list.
   */
  summary?: ReactNode;
}

/**
 * The sections of a search answer (issue 4; spec §3, §4): toggle buttons with each section's `found`, the chosen
 * one pressed (`aria-pressed`) and the only active one; "Все результаты" is named in the shopper's language.
 *
 * When the buttons take more than {@link SECTIONS_CONTAINER_HEIGHT_PX} (92 px, spec §9) of height, the container
 * is cut to that height and a "Показать все" control with a down arrow expands it; expanded it reads "Скрыть" with
 * an up arrow. The height is measured again whenever the container's width or the sections change. While cut, every
 * section that does not wholly fit above the cut is hidden (`visibility: hidden`, marked `data-cut`): out of the tab
 * order and the accessibility tree, as a collapsed disclosure's content is, and no half-shown button lies under the
 * toggle (axe `target-size`, issue 9).
 */
export function SearchSections({ sections, selected, onSelect, summary }: SearchSectionsProps) {
  const { t } = useTranslation();
  const listId = useId();
  const listRef = useRef<HTMLDivElement | null>(null);
  const [overflowing, setOverflowing] = useState(false);
  const [expanded, setExpanded] = useState(false);
  // Index of the first section whose button does not wholly fit above the cut (the rest wrap after it).
  const [firstCut, setFirstCut] = useState(Infinity);

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    setOverflowing(list.scrollHeight > SECTIONS_CONTAINER_HEIGHT_PX + 1);
    const buttons = Array.from(list.children) as HTMLElement[];
    const cut = buttons.findIndex(
      (button) => button.offsetTop - list.offsetTop + button.offsetHeight > SECTIONS_CONTAINER_HEIGHT_PX,
    );
    setFirstCut(cut === -1 ? Infinity : cut);
  }, []);

  useLayoutEffect(() => {
    measure();
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [measure, sections]);

  const collapsed = overflowing && !expanded;
  const toggle = overflowing && (
    <button
      type="button"
      className={styles.sectionsToggle}
      aria-expanded={expanded}
      aria-controls={listId}
      onClick={() => setExpanded((value) => !value)}
    >
      {expanded ? t('search.hide') : t('search.showAll')}
      <ChevronIcon className={styles.toggleIcon} direction={expanded ? 'up' : 'down'} />
    </button>
  );
  // With a summary line the list is cut until measured (see `summary`); without one it is cut once measured.
  const cut = !expanded && (overflowing || summary !== undefined);

  return (
    <div className={styles.sections}>
      {summary !== undefined && (
        <div className={styles.head}>
          {summary}
          {toggle}
        </div>
      )}
      <div
        ref={listRef}
        id={listId}
        role="group"
        aria-label={t('search.sections')}
        className={styles.sectionList}
        data-testid="search-sections"
        data-collapsed={collapsed || undefined}
        style={cut ? { maxHeight: SECTIONS_CONTAINER_HEIGHT_PX } : undefined}
      >
        {sections.map((section, index) => (
          <button
            key={section.id}
            type="button"
            className={styles.section}
            aria-pressed={section.id === selected}
            data-section-id={section.id}
            data-cut={(collapsed && index >= firstCut) || undefined}
            onClick={() => onSelect(section.id)}
          >
            <span className={styles.sectionName}>
              {section.id === ALL_SECTIONS_ID ? t('search.allResults') : section.value}
            </span>{' '}
            <span className={styles.sectionFound}>{section.found}</span>
          </button>
        ))}
      </div>
      {summary === undefined && toggle}
    </div>
  );
}
