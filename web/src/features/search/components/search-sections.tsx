import { useCallback, useId, useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SECTIONS_CONTAINER_HEIGHT_PX } from '@/config/constants';
import { ChevronIcon } from '@/components/ui/icons';
import { ALL_SECTIONS_ID, type SearchSection } from '../api/search';
import styles from './search.module.css';

/** Props of {@link SearchSections}. */
export interface SearchSectionsProps {
  /** The answer's sections, "Все результаты" (`"0"`) first. */
  sections: SearchSection[];
  /** The chosen section id: the only active one. */
  selected: string;
  onSelect: (id: string) => void;
}

/**
 * The sections of a search answer (issue 4; spec §3, §4): toggle buttons with each section's `found`, the chosen
 * one pressed (`aria-pressed`) and the only active one; "Все результаты" is named in the shopper's language.
 *
 * When the buttons take more than {@link SECTIONS_CONTAINER_HEIGHT_PX} (92 px, spec §9) of height, the container
 * is cut to that height and a "Показать все" control with a down arrow expands it; expanded it reads "Скрыть" with
 * an up arrow. The height is measured again whenever the container's width or the sections change. Tabbing onto a
 * section hidden below the cut expands the container, so keyboard focus never lands on an invisible button.
 */
export function SearchSections({ sections, selected, onSelect }: SearchSectionsProps) {
  const { t } = useTranslation();
  const listId = useId();
  const listRef = useRef<HTMLDivElement | null>(null);
  const [overflowing, setOverflowing] = useState(false);
  const [expanded, setExpanded] = useState(false);

  const measure = useCallback(() => {
    const list = listRef.current;
    if (list) setOverflowing(list.scrollHeight > SECTIONS_CONTAINER_HEIGHT_PX + 1);
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

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const list = listRef.current;
    if (!collapsed || !list || !(event.target instanceof HTMLElement)) return;
    if (event.target.offsetTop - list.offsetTop + event.target.offsetHeight > SECTIONS_CONTAINER_HEIGHT_PX) {
      setExpanded(true);
    }
  };

  return (
    <div className={styles.sections}>
      <div
        ref={listRef}
        id={listId}
        role="group"
        aria-label={t('search.sections')}
        className={styles.sectionList}
        data-testid="search-sections"
        data-collapsed={collapsed || undefined}
        style={collapsed ? { maxHeight: SECTIONS_CONTAINER_HEIGHT_PX } : undefined}
        onFocus={onFocus}
      >
        {sections.map((section) => (
          <button
            key={section.id}
            type="button"
            className={styles.section}
            aria-pressed={section.id === selected}
            data-section-id={section.id}
            onClick={() => onSelect(section.id)}
          >
            <span className={styles.sectionName}>
              {section.id === ALL_SECTIONS_ID ? t('search.allResults') : section.value}
            </span>{' '}
            <span className={styles.sectionFound}>{section.found}</span>
          </button>
        ))}
      </div>
      {overflowing && (
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
      )}
    </div>
  );
}
