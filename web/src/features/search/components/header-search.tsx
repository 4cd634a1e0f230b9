import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useLocation } from 'react-router';
import { Popup, SlidePanel } from '@/components/ui/overlay';
import { SearchIcon } from '@/components/ui/icons';
import { useLayoutSide } from '@/lib/use-media-query';
import { paths, searchParams } from '@/config/paths';
import { getRememberedSearchText, rememberSearchText } from '../hooks/use-search';
import { SearchBox } from './search-box';
import styles from './header-search.module.css';

/** Field name of the header search: its answers and its text are kept under it (spec §5). */
export const HEADER_SEARCH_FIELD = 'header';

/**
 * The search of the top panel (issue 4; spec §2 "Overlays: search slide panel, search popup (wide screens)"):
 *
 * - at 1043 px and wider, a search field; clicking it, or typing into it, opens the search pop-up with its own
 *   focused field (holding what was typed), a backdrop and the scroll lock. Focus alone opens nothing (issue 19,
 *   WCAG 3.2.1): Tab moves on through the header. Enter and ArrowDown open it too. The header field shows the
 *   remembered text and is read-only: typing goes on in the pop-up;
 * - below 1043 px, a search icon opening the slide panel "Поиск".
 *
 * Both hold a {@link SearchBox} of the field {@link HEADER_SEARCH_FIELD}: closing remembers the text and reopening
 * restores it with its cached results. Each overlay exists on its side of the breakpoint only and closes when the
 * window crosses it; both close on navigation.
 *
 * Until the page is hydrated (and without scripts) the field is a plain search form, `GET /search/?q=` (issue 22),
 * and the icon a link to the search page, whose own form works the same way. The field stays the same element when
 * the app takes over, and what the shopper typed into it before opens the pop-up with that text (issue 33).
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  // Unknown before hydration: then both controls are drawn, CSS showing the one that fits (issue 22).
  const layoutSide = useLayoutSide();
  // The side is known from hydration on: before it, the field is a plain form and the icon a link.
  const hydrated = layoutSide !== undefined;
  const location = useLocation();
  // The side the overlay was opened on: crossing the breakpoint swaps pop-up and panel, and neither opens by it.
  const side = layoutSide === 'desktop' ? 'desktop' : 'mobile';
  const [openSide, setOpenSide] = useState<typeof side | null>(null);
  const open = openSide === side;
  const setOpen = useCallback((next: boolean) => setOpenSide(next ? side : null), [side]);
  const fieldRef = useRef<HTMLInputElement | null>(null);
  const iconRef = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    setOpenSide(null);
  }, [location.pathname, location.search, side]);

  // At hydration (a layout effect runs in the hydration's own commit, before any render after it, while the field is
  // still the server's plain one): what the shopper typed is kept as the field's text, and the pop-up opens with it
  // and its results as soon as the side is known, as it would have had the app been there when they typed (issue 33).
  const typedEarly = useRef(false);
  useLayoutEffect(() => {
    const typed = fieldRef.current?.value ?? '';
    if (!typed.trim()) return;
    rememberSearchText(HEADER_SEARCH_FIELD, typed);
    typedEarly.current = true;
  }, []);
  useEffect(() => {
    if (layoutSide === undefined || !typedEarly.current) return;
    typedEarly.current = false;
    if (layoutSide === 'desktop') setOpenSide('desktop');
  }, [layoutSide]);

  const onOpenChange = setOpen;
  const close = () => onOpenChange(false);
  // A character typed into the read-only header field opens the pop-up with it added to the text; Enter and
  // ArrowDown open it as a click does. Tab, Escape and shortcuts pass.
  const onFieldKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.nativeEvent.isComposing) return;
    if (event.key.length === 1) {
      rememberSearchText(HEADER_SEARCH_FIELD, getRememberedSearchText(HEADER_SEARCH_FIELD) + event.key);
    } else if (event.key !== 'Enter' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    setOpen(true);
  };
  const title = t('search.title');

  const desktop = (
    <div className={styles.headerField} data-only={layoutSide ? undefined : 'desktop'}>
      <form
        role="search"
        aria-label={t('search.label')}
        className={styles.headerForm}
        action={paths.search}
        method="get"
        onSubmit={(event) => event.preventDefault()}
      >
        <SearchIcon className={styles.headerFieldIcon} />
        {hydrated ? (
          <input
            ref={fieldRef}
            className={styles.headerInput}
            type="search"
            readOnly
            aria-label={t('search.open')}
            placeholder={t('search.placeholder')}
            value={open ? '' : getRememberedSearchText(HEADER_SEARCH_FIELD)}
            onKeyDown={onFieldKeyDown}
            onClick={() => setOpen(true)}
            data-testid="header-search-field"
          />
        ) : (
          <input
            ref={fieldRef}
            className={styles.headerInput}
            type="search"
            name={searchParams.text}
            // What the browser would restore into it (a reload, a return) is not typed: it must not open the pop-up.
            autoComplete="off"
            // Typing between hydration and the render after it (the field is the server's still): kept as above.
            onChange={(event) => {
              rememberSearchText(HEADER_SEARCH_FIELD, event.currentTarget.value);
              typedEarly.current = event.currentTarget.value.trim() !== '';
            }}
            enterKeyHint="search"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            data-testid="header-search-field"
          />
        )}
      </form>
      <Popup
        open={open}
        onOpenChange={onOpenChange}
        title={title}
        breakpointSide="desktop"
        className={styles.popup}
        returnFocusTo={fieldRef}
      >
        <SearchBox fieldName={HEADER_SEARCH_FIELD} onClose={close} />
      </Popup>
    </div>
  );

  const mobile = (
    <div className={styles.headerIconSlot} data-only={layoutSide ? undefined : 'mobile'}>
      {hydrated ? (
        <button
          ref={iconRef}
          type="button"
          className="icon-button"
          aria-label={t('search.open')}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          data-testid="header-search-icon"
        >
          <SearchIcon className="icon-button__icon" />
        </button>
      ) : (
        <a href={paths.search} className="icon-button" aria-label={t('search.open')} data-testid="header-search-icon">
          <SearchIcon className="icon-button__icon" />
        </a>
      )}
      <SlidePanel
        open={open}
        onOpenChange={onOpenChange}
        title={title}
        breakpointSide="mobile"
        className={styles.panel}
        returnFocusTo={iconRef}
      >
        <SearchBox fieldName={HEADER_SEARCH_FIELD} onClose={close} />
      </SlidePanel>
    </div>
  );

  // Each side keeps its place whether the other is drawn or not: the server's elements stay the shopper's.
  return (
    <>
      {layoutSide !== 'mobile' && desktop}
      {layoutSide !== 'desktop' && mobile}
    </>
  );
}
