import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { ChevronIcon } from '@/components/ui/icons';
import { WEEK_DAYS } from '../utils/working-hours';
import type { DayHours, TodayHours } from '@/lib/api/types';
import { breakSpan, hoursKind, shiftOfDay, shiftOfToday, statusText, timeSpan, type Shift } from '../utils/working-hours';
import styles from './working-hours.module.css';

/** "09:00 – 21:00", "Круглосуточно" (start equals end) or "Выходной" (no times): spec §2. */
function ShiftText({ shift }: { shift: Shift }) {
  const { t } = useTranslation();
  const kind = hoursKind(shift.start, shift.end);
  if (kind === 'off') return <>{t('contacts.dayOff')}</>;
  if (kind === 'allDay') return <>{t('contacts.allDay')}</>;
  return <>{timeSpan(shift.start!, shift.end!)}</>;
}

/** "Перерыв 13:00 – 14:00" when the shift has a break with both times. */
function BreakText({ shift }: { shift: Shift }) {
  const { t } = useTranslation();
  const span = breakSpan(shift);
  return span && hoursKind(shift.start, shift.end) !== 'off' ? <>{t('contacts.break', { span })}</> : null;
}

/** "Открыто до 21:00", "Открыто" or "Закрыто" ({@link statusText}). */
export function StatusText({ today }: { today: TodayHours }) {
  const { t } = useTranslation();
  const { key, time } = statusText(today);
  return <>{t(key, { time })}</>;
}

/** Props of {@link WorkingHours}. */
export interface WorkingHoursProps {
  /** Today as the server computed it (`null`: the week says nothing about today). */
  today: TodayHours | null;
  week: DayHours[];
}

/**
 * A store's hours (spec §2 "today's working hours (status open or closed, start-end times, 24 hours if start
 * equals end, off if none, break times) with a toggle to the full weekly schedule"), as the original template
 * behaves (issue 19): today's row with the toggle "Режим работы на неделю"; opening the week puts the week's table in
 * place of today's row, its first row carrying the up-arrow that folds the week and brings today's row back. Today's
 * row in the table is titled "Сегодня". Without an entry for today the week shows at once, with no arrow (there is
 * no today row to go back to). Focus follows the control that replaces the one pressed.
 */
export function WorkingHours({ today, week }: WorkingHoursProps) {
  const { t } = useTranslation();
  const [weekShown, setWeekShown] = useState(today === null);
  const tableId = useId();
  const openRef = useRef<HTMLButtonElement>(null);
  const foldRef = useRef<HTMLButtonElement>(null);
  // Whether the last change came from a press, so focus moves to the control now standing in for the pressed one.
  const pressed = useRef(false);
  const days = WEEK_DAYS.flatMap((day) => week.filter((entry) => entry.day === day));
  const foldable = today !== null;

  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    (weekShown ? foldRef : openRef).current?.focus();
  }, [weekShown]);

  const toggle = (shown: boolean) => {
    pressed.current = true;
    setWeekShown(shown);
  };

  return (
    <div className={styles.hours} data-testid="working-hours">
      {today && !weekShown && (
        <div className={styles.todayRow}>
          <p className={styles.today} data-testid="hours-today">
            <span className={styles.status} data-status={today.status} data-testid="hours-status">
              <StatusText today={today} />
            </span>
            <span className={styles.todayText}>
              <span>
                {t('contacts.today')}: <ShiftText shift={shiftOfToday(today)} />
              </span>
              <span className={styles.break} data-testid="hours-break">
                <BreakText shift={shiftOfToday(today)} />
              </span>
            </span>
          </p>
          {days.length > 0 && (
            <button
              ref={openRef}
              type="button"
              className={styles.weekToggle}
              aria-expanded={false}
              aria-controls={tableId}
              onClick={() => toggle(true)}
            >
              {t('contacts.weekShow')}
              <ChevronIcon className="icon-inline" direction="down" />
            </button>
          )}
        </div>
      )}
      {days.length > 0 && (
        <table id={tableId} className={styles.week} hidden={!weekShown} data-testid="hours-week">
          <caption className="visually-hidden">{t('contacts.weekCaption')}</caption>
          <tbody>
            {days.map((entry, index) => {
              const isToday = entry.day === today?.day;
              return (
                <tr key={entry.day} data-today={isToday || undefined} data-day={entry.day}>
                  <th scope="row">{isToday ? t('contacts.today') : t(`contacts.days.${entry.day}`)}</th>
                  <td>
                    <ShiftText shift={shiftOfDay(entry)} />
                    <span className={styles.break}>
                      <BreakText shift={shiftOfDay(entry)} />
                    </span>
                  </td>
                  {foldable && (
                    <td className={styles.foldCell}>
                      {index === 0 && (
                        <button
                          ref={foldRef}
                          type="button"
                          className={styles.fold}
                          aria-label={t('contacts.weekHide')}
                          aria-expanded={true}
                          aria-controls={tableId}
                          onClick={() => toggle(false)}
                        >
                          <ChevronIcon className="icon-inline" direction="up" />
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
