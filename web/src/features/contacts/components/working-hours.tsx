import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEEK_DAYS, type DayHours, type TodayHours } from '../api/store-types';
import { breakSpan, hoursKind, shiftOfDay, shiftOfToday, statusText, timeSpan, type Shift } from '../utils/working-hours';
import styles from './store-details.module.css';

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
 * equals end, off if none, break times) with a toggle to the full weekly schedule"): today's status and times, and
 * a disclosure button showing the week as a table in which today's row is titled "Сегодня".
 */
export function WorkingHours({ today, week }: WorkingHoursProps) {
  const { t } = useTranslation();
  const [weekShown, setWeekShown] = useState(false);
  const tableId = useId();
  const days = WEEK_DAYS.flatMap((day) => week.filter((entry) => entry.day === day));
  return (
    <div className={styles.hours} data-testid="working-hours">
      {today && (
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
      )}
      {days.length > 0 && (
        <>
          <button
            type="button"
            className={styles.weekToggle}
            aria-expanded={weekShown}
            aria-controls={tableId}
            onClick={() => setWeekShown((shown) => !shown)}
          >
            {weekShown ? t('contacts.weekHide') : t('contacts.weekShow')}
          </button>
          <table id={tableId} className={styles.week} hidden={!weekShown} data-testid="hours-week">
            <caption className="visually-hidden">{t('contacts.weekCaption')}</caption>
            <tbody>
              {days.map((entry) => {
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
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
