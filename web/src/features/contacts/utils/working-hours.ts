import type { DayCode, DayHours, TodayHours } from '@/lib/api/types';

/** Weekdays in the order the weekly schedule lists them (the week starts on Monday in ru, by, ua, kz). */
export const WEEK_DAYS: readonly DayCode[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** How one day's hours read (spec §2): a day off, open 24 hours, or from a start to an end. */
export type HoursKind = 'off' | 'allDay' | 'span';

/** The kind of a day with work times `start` and `end` (`HH:MM` or `null`). */
export function hoursKind(start: string | null, end: string | null): HoursKind {
  if (!start || !end) return 'off';
  return start === end ? 'allDay' : 'span';
}

/** `09:00 – 21:00`: a span of times with an en dash (issue 8). */
export function timeSpan(start: string, end: string): string {
  return `${start} – ${end}`;
}

/** The work times of a weekly entry or of today, in one shape. */
export interface Shift {
  start: string | null;
  end: string | null;
  breakStart: string | null;
  breakEnd: string | null;
}

/** The {@link Shift} of a weekly entry (spec §3 names). */
export function shiftOfDay(entry: DayHours): Shift {
  return { start: entry.WORK_START, end: entry.WORK_END, breakStart: entry.BREAK_START, breakEnd: entry.BREAK_END };
}

/** The {@link Shift} of today's answer. */
export function shiftOfToday(today: TodayHours): Shift {
  return { start: today.workStart, end: today.workEnd, breakStart: today.breakStart, breakEnd: today.breakEnd };
}

/**
 * The break of a shift as `13:00 – 14:00`, when both its times are given and differ (issue 8: else it does not apply;
 * issue 19: a break from 13:00 to 13:00 is no break, as the server's open/closed rule already has it).
 */
export function breakSpan(shift: Shift): string | null {
  if (!shift.breakStart || !shift.breakEnd || shift.breakStart === shift.breakEnd) return null;
  return timeSpan(shift.breakStart, shift.breakEnd);
}

/** The i18n key and values of today's status: "Открыто до 21:00", "Открыто" (no end in sight) or "Закрыто". */
export function statusText(today: TodayHours): { key: 'contacts.statusOpenUntil' | 'contacts.statusOpen' | 'contacts.statusClosed'; time?: string } {
  if (today.status !== 'OPEN') return { key: 'contacts.statusClosed' };
  return today.openUntil ? { key: 'contacts.statusOpenUntil', time: today.openUntil } : { key: 'contacts.statusOpen' };
}
