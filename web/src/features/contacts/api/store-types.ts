/** Wire types of `GET /api/stores` (docs/api.md "Stores"; spec §3 "Contact item (store)", "Working hours today"). */

/** A weekday code of a working-hours entry. */
export type DayCode = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** Weekdays in the order the weekly schedule lists them (the week starts on Monday in ru, by, ua, kz). */
export const WEEK_DAYS: readonly DayCode[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** One weekday's hours, `HH:MM` or `null` (spec §3 names). Both work times `null`: a day off. */
export interface DayHours {
  day: DayCode;
  WORK_START: string | null;
  WORK_END: string | null;
  BREAK_START: string | null;
  BREAK_END: string | null;
}

/** Today's hours and status, computed by the server in the store's time zone at the time of the request. */
export interface TodayHours {
  day: DayCode;
  status: 'OPEN' | 'CLOSED';
  workStart: string | null;
  workEnd: string | null;
  breakStart: string | null;
  breakEnd: string | null;
  /**
   * While `OPEN`: when this open spell ends (the break, the shift's end, or last night's shift's end this morning);
   * `null` when closed or open 24 hours without a break.
   */
  openUntil?: string | null;
}

/** One way to reach the store: the value as shoppers read it and what it is for. */
export interface ContactValue {
  value: string;
  description: string | null;
}

/** The kinds of contact a store lists, in the panel's order (spec §2). */
export const CONTACT_KINDS = ['phone', 'whatsapp', 'viber', 'telegram', 'instagram', 'email', 'skype'] as const;

/** One of {@link CONTACT_KINDS}. */
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** A store with its computed `today` and the shop's rating. */
export interface Store extends Record<ContactKind, ContactValue[]> {
  id: number;
  name: string;
  previewPicture: string | null;
  address: string;
  /** WGS 84 degrees; `null`: no map. */
  map: { lat: number; lon: number } | null;
  timezone: string;
  workingHours: DayHours[];
  /** Mean stars of the published reviews, one decimal; `null` without reviews. */
  ratingValue: number | null;
  reviewsCount: number;
  /** The Russian word after the count ("отзыв", "отзыва", "отзывов"); the app declines with i18next instead. */
  reviewsDeclension?: string;
  reviewsPageLink: string;
  /** `null` when the week has no entry for today. */
  today: TodayHours | null;
}

/**
 * Whether an answer holds a store the panel can show (spec §8: content it cannot build is an error): a name, an
 * address and a week array.
 */
export function isShowableStore(data: unknown): data is Store {
  const store = data as Partial<Store> | null;
  return (
    !!store &&
    typeof store.id === 'number' &&
    typeof store.name === 'string' &&
    typeof store.address === 'string' &&
    Array.isArray(store.workingHours)
  );
}
