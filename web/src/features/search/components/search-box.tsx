import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { searchResultsPath } from '@/config/paths';
import { SearchIcon } from '@/components/ui/icons';
import { isSearchStarting, useSearch } from '../hooks/use-search';
import { useVoiceInput } from '../hooks/use-voice-input';
import { SearchItemView } from './search-item';
import { SearchSections } from './search-sections';
import { VoiceButton } from './voice-button';
import styles from './search-box.module.css';

/** Props of {@link SearchBox}. */
export interface SearchBoxProps {
  /** Names the field: its cache and remembered text (spec §5), e.g. `header`. */
  fieldName: string;
  /** Closes the overlay holding the box (after a link or the results page was opened). */
  onClose: () => void;
}

/**
 * The instant search of the search pop-up and the search slide panel (issue 4; spec §3, §4, §5, §8, §9).
 *
 * - The field is an ARIA combobox (`aria-expanded`, `aria-controls` the result listbox, `aria-activedescendant`
 *   the active item), focused when the box appears. ArrowDown/ArrowUp move through the items (wrapping); Enter
 *   opens the active item, or with none active the results page `/search/?q=…&available=…`.
 * - Results follow {@link useSearch}: 500 ms after the last change, at once from the cache; an empty text hides
 *   them. A wait indicator shows while a request runs.
 * - "Только в наличии" sets the availability flag (its cookie) and searches again.
 * - The sections ({@link SearchSections}) choose which items show; the items show picture, name, parameters,
 *   prices, and a click (or tap) on a row opens its product; "Ничего не найдено" when nothing matches; a link to all results under the list.
 * - A polite live region announces the number of results (or that nothing was found).
 * - The microphone ({@link VoiceButton}) fills the field with the recognised text, which is then searched.
 */
export function SearchBox({ fieldName, onClose }: SearchBoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ fieldName });
  const { text, setText, available, setAvailable, status, error, answer, items, selectedSection, setSelectedSection } =
    search;
  const voice = useVoiceInput(setText);
  const inputId = useId();
  const listboxId = useId();
  const availableId = useId();
  const listRef = useRef<HTMLUListElement | null>(null);

  // The active item belongs to one list of items: a new list starts with none active.
  const [active, setActive] = useState<{ items: typeof items; index: number }>({ items, index: -1 });
  const activeIndex = active.items === items ? active.index : -1;
  const setActiveIndex = (index: number) => setActive({ items, index });

  const expanded = answer !== undefined && items.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  useEffect(() => {
    if (activeIndex < 0) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  const openPath = (path: string) => {
    navigate(path);
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!expanded) return;
    const count = items.length;
    if (event.key === 'ArrowDown') setActiveIndex(activeIndex + 1 >= count ? 0 : activeIndex + 1);
    else setActiveIndex(activeIndex <= 0 ? count - 1 : activeIndex - 1);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const item = expanded && activeIndex >= 0 ? items[activeIndex] : undefined;
    if (item) openPath(item.url);
    else if (text.trim()) openPath(searchResultsPath(text.trim(), available));
  };

  const loading = status === 'loading';
  const settled = status === 'success' && answer !== undefined;
  const liveText = settled ? (answer.total > 0 ? t('search.found', { count: answer.total }) : t('search.nothing')) : '';

  return (
    <div className={styles.box}>
      <form role="search" className={styles.form} onSubmit={onSubmit} data-testid="search-form">
        <div className={styles.field}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('search.label')}
          </label>
          <SearchIcon className={styles.fieldIcon} />
          <input
            id={inputId}
            className={styles.input}
            type="search"
            role="combobox"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the pop-up opens for typing: its field takes the focus the opener had (spec §4)
            autoFocus
            autoComplete="off"
            enterKeyHint="search"
            spellCheck={false}
            placeholder={t('search.placeholder')}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            data-testid="search-input"
          />
          {loading && <span className={styles.wait} aria-hidden="true" data-testid="search-wait" />}
          <VoiceButton voice={voice} />
        </div>
        <div className="checkbox-field">
          <input
            id={availableId}
            type="checkbox"
            checked={available}
            onChange={(event) => setAvailable(event.currentTarget.checked)}
            data-testid="search-available"
          />
          <label htmlFor={availableId}>{t('search.available')}</label>
        </div>
      </form>

      <div role="status" className="visually-hidden" data-testid="search-live">
        {liveText}
      </div>

      {status === 'error' && (
        <p role="alert" className={styles.message}>
          {isSearchStarting(error) ? t('search.starting') : t('search.error')}
        </p>
      )}

      {/* Always rendered, so the combobox's aria-controls names an element; hidden without an answer. */}
      <div className={styles.results} aria-busy={loading} hidden={answer === undefined} data-testid="search-results">
        {answer !== undefined &&
          (answer.total > 0 ? (
            <SearchSections sections={answer.sections} selected={selectedSection} onSelect={setSelectedSection} />
          ) : (
            !loading && (
              <div className={styles.nothing} data-testid="search-nothing">
                <p className={styles.nothingTitle}>{t('search.nothing')}</p>
                <p>{available ? t('search.nothingAvailable') : t('search.nothingHint')}</p>
              </div>
            )
          ))}
          <ul
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={t('search.items')}
            className={styles.list}
            hidden={!expanded}
          >
            {items.map((item, index) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- a combobox option: the keyboard works through the field (aria-activedescendant), the click is the pointer's way
              <li
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                data-index={index}
                className={styles.option}
                onMouseMove={() => index !== activeIndex && setActiveIndex(index)}
                onClick={() => openPath(item.url)}
              >
                <SearchItemView item={item} link={false} />
              </li>
            ))}
          </ul>
          {answer !== undefined && answer.total > 0 && (
            <Link
              to={searchResultsPath(search.searchedText, available, selectedSection)}
              className={styles.allResults}
              onClick={onClose}
              data-testid="search-all-results"
            >
              {t('search.allResultsLink', {
                count: answer.sections.find(({ id }) => id === selectedSection)?.found ?? answer.total,
              })}
            </Link>
          )}
      </div>
    </div>
  );
}
