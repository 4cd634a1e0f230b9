import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { PinIcon } from '@/components/ui/icons';
import { PanelQueryContent, SlidePanel, usePanelOpener } from '@/components/ui/overlay';
import { LOCATION_QUERY_MAX_CHARS, LOCATION_SEARCH_DELAY_MS } from '@/config/constants';
import { ApiError, type Location } from '@/lib/api-client';
import { useSessionLocation } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useChooseLocation } from '../api/choose-location';
import { hasLocationItems, locationKeys, useLocations } from '../api/get-locations';
import styles from './location-widget.module.css';

/**
 * The header's delivery location control (issue 8; spec §1 "a delivery location panel", §2 "delivery location slide
 * panel", §7 sPanelGeoLocationRequest, §8), for the top panel's `location` slot: a pin and the chosen city's name
 * ("Выберите город" when none), which opens the right-hand slide panel "Ваш город". The city comes from the session
 * (`GET /api/session` `location`); choosing one in the panel updates it everywhere at once. Navigation closes the
 * panel.
 */
export function LocationWidget() {
  const { t } = useTranslation();
  const current = useSessionLocation();
  const { open, setOpen, openerRef: buttonRef } = usePanelOpener();
  const close = useCallback(() => setOpen(false), [setOpen]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`icon-button ${styles.button}`}
        data-testid="location-widget"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={current ? t('location.buttonLabel', { name: current.name }) : undefined}
        onClick={() => setOpen(true)}
      >
        <PinIcon className="icon-button__icon" />
        <span className={styles.name}>{current ? current.name : t('location.choose')}</span>
      </button>
      <SlidePanel open={open} onOpenChange={setOpen} title={t('location.title')} returnFocusTo={buttonRef}>
        <LocationPanelContent enabled={open} currentId={current?.id ?? null} onChosen={close} />
      </SlidePanel>
    </>
  );
}

/** Props of {@link LocationPanelContent}. */
interface LocationPanelContentProps {
  /** Whether the panel is open (the lists load only then). */
  enabled: boolean;
  /** The chosen city's id, marked in the list (`aria-current`). */
  currentId: number | null;
  /** Called once a city was chosen and saved: the panel closes. */
  onChosen: () => void;
}

/**
 * The region shown under a city's name: none when it only repeats the name (cities that are regions of their own in
 * the shipped list: `Москва` / `Москва`, `Минск` / `Минск`), so the panel does not say the name twice.
 */
function shownRegion(city: Location): string {
  return city.region.trim() && city.region.trim() !== city.name.trim() ? city.region : '';
}

/** The message key of a failed choice. */
function chooseErrorKey(error: unknown): 'location.errors.LOCATION_NOT_FOUND' | 'location.errors.generic' {
  return error instanceof ApiError && error.code === 'LOCATION_NOT_FOUND'
    ? 'location.errors.LOCATION_NOT_FOUND'
    : 'location.errors.generic';
}

/**
 * The panel's body, mounted at each opening (so it starts with an empty field): the field "Найти город" (focused),
 * a polite status line ("Найдено 3 города", or the visible "Город не найден"), and the cities of
 * `GET /api/locations`, the popular ones while the field is empty, each a button with the name and the region.
 * The text is sent {@link LOCATION_SEARCH_DELAY_MS} after the last keystroke (at once when empty or already
 * cached). A failed or malformed answer shows SLIDE_PANEL_UNDEFINED_ERROR through {@link PanelQueryContent}.
 */
function LocationPanelContent({ enabled, currentId, onChosen }: LocationPanelContentProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const headingId = useId();
  const [text, setText] = useState('');
  const isImmediate = useCallback(
    (value: string) => value === '' || queryClient.getQueryData(locationKeys.list(value)) !== undefined,
    [queryClient],
  );
  const [settled] = useDebouncedValue(text.trim(), LOCATION_SEARCH_DELAY_MS, isImmediate);
  const query = useLocations(settled, enabled);
  const choose = useChooseLocation();

  // What the status line says about the list the shopper sees (not a stale one still shown while the next loads).
  const shown =
    query.data && !query.isPlaceholderData && !query.isError && hasLocationItems(query.data) ? query.data : null;
  const count = shown?.list.items.length;
  const status =
    count === 0 ? t('location.notFound') : shown?.text && count !== undefined ? t('location.found', { count }) : '';

  const onChoose = (city: Location) => {
    if (choose.isPending) return;
    choose.mutate(city.id, { onSuccess: onChosen });
  };

  return (
    <div className={styles.content}>
      {/* A search never shows an error: its input takes the field's id and look, no `aria-invalid`. */}
      <Field id={inputId} label={t('location.search')}>
        {({ id, className }) => (
          <input
            id={id}
            className={className}
            type="search"
            value={text}
            maxLength={LOCATION_QUERY_MAX_CHARS}
            placeholder={t('location.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            spellCheck={false}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the panel exists to pick a city: the field takes the focus Radix would give the close button
            autoFocus
            onChange={(event) => {
              setText(event.target.value);
              if (choose.isError) choose.reset();
            }}
          />
        )}
      </Field>
      <p role="status" className={count === 0 ? styles.notFound : 'visually-hidden'}>
        {status}
      </p>
      {choose.isError && <Alert variant="error">{t(chooseErrorKey(choose.error))}</Alert>}
      <PanelQueryContent query={query} hasContent={hasLocationItems}>
        {({ text: listText, list }) =>
          list.items.length > 0 && (
            <section aria-labelledby={headingId}>
              <h3 id={headingId} className={styles.heading}>
                {listText ? t('location.results') : t('location.popular')}
              </h3>
              <ul className={styles.list} aria-busy={query.isPlaceholderData || choose.isPending}>
                {list.items.map((city) => {
                  const region = shownRegion(city);
                  return (
                    <li key={city.id}>
                      <button
                        type="button"
                        className={styles.city}
                        // Name and region as one phrase (the two lines would otherwise run together).
                        aria-label={region ? `${city.name}, ${region}` : city.name}
                        aria-current={city.id === currentId ? 'true' : undefined}
                        aria-disabled={choose.isPending || undefined}
                        onClick={() => onChoose(city)}
                      >
                        <span className={styles.cityName}>{city.name}</span>
                        {region && <span className={styles.region}>{region}</span>}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          )
        }
      </PanelQueryContent>
    </div>
  );
}
