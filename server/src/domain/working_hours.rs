//! A store's week and whether it is open now (issue 8; spec §2 "today's working hours (status open or closed,
//! start-end times, 24 hours if start equals end, off if none, break times)", §3 "Working hours today").
//!
//! The rules, each with its source:
//! 1. **Times** are local wall-clock `HH:MM` in the store's IANA time zone (spec §3 `timezone`; issue 8: computed on
//!    the server with chrono-tz). A minute is open or closed as a whole: intervals are start-inclusive,
//!    end-exclusive (issue 8: "open from start (inclusive) to end (exclusive)"), so 09:00–21:00 is open at 09:00 and
//!    closed at 21:00.
//! 2. **Day off**: both work times empty (issue 8; spec §2 "off if none") → `CLOSED` all day.
//! 3. **24 hours**: start equal to end (spec §2 "24 hours if start equals end") → open the whole day.
//! 4. **Past midnight**: start after end (e.g. 20:00–04:00) is one shift: open from the start to midnight, and from
//!    midnight to the end on the next calendar day (issue 8). So the next morning's status looks at the previous
//!    day's entry too, even when the next day itself is a day off or has no entry.
//! 5. **Break**: applies only when both its times are given (issue 8), start-inclusive and end-exclusive (rule 1),
//!    inside the shift of its own day (for a shift past midnight, also in the next morning's part); a break that
//!    itself runs past midnight (23:30–00:30) wraps the same way.
//! 6. **No entry** for today's weekday → `today` is `null` (issue 8): the week says nothing about today.
//!
//! Daylight-saving changes: the local time is read from the instant through chrono-tz, so a store is open when its
//! wall clock says so; a skipped hour is simply never seen, a repeated one is open or closed twice.

use chrono::{DateTime, Datelike, NaiveTime, Timelike, Utc, Weekday};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A weekday code of a working-hours entry: `mon` … `sun`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Day {
    /// Monday.
    Mon,
    /// Tuesday.
    Tue,
    /// Wednesday.
    Wed,
    /// Thursday.
    Thu,
    /// Friday.
    Fri,
    /// Saturday.
    Sat,
    /// Sunday.
    Sun,
}

impl Day {
    /// The day of chrono's weekday.
    pub fn of(weekday: Weekday) -> Self {
        match weekday {
            Weekday::Mon => Self::Mon,
            Weekday::Tue => Self::Tue,
            Weekday::Wed => Self::Wed,
            Weekday::Thu => Self::Thu,
            Weekday::Fri => Self::Fri,
            Weekday::Sat => Self::Sat,
            Weekday::Sun => Self::Sun,
        }
    }
}

/// One weekday's hours (spec §3 `workingHours`: `WORK_START`, `WORK_END`, `BREAK_START`, `BREAK_END`, each `HH:MM`
/// or `null`/empty). Both work times empty: a day off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DayHours {
    /// The weekday this entry is for (each at most once a week).
    pub day: Day,
    /// Opening time; with `WORK_END` empty too, a day off.
    #[serde(rename = "WORK_START", default, deserialize_with = "hhmm_or_empty")]
    #[schema(value_type = Option<String>, example = "09:00", required)]
    pub work_start: Option<Hhmm>,
    /// Closing time; equal to `WORK_START`: open 24 hours; before it: the shift ends the next morning.
    #[serde(rename = "WORK_END", default, deserialize_with = "hhmm_or_empty")]
    #[schema(value_type = Option<String>, example = "21:00", required)]
    pub work_end: Option<Hhmm>,
    /// Start of the break (applies only with `BREAK_END`).
    #[serde(rename = "BREAK_START", default, deserialize_with = "hhmm_or_empty")]
    #[schema(value_type = Option<String>, example = "13:00", required)]
    pub break_start: Option<Hhmm>,
    /// End of the break (applies only with `BREAK_START`).
    #[serde(rename = "BREAK_END", default, deserialize_with = "hhmm_or_empty")]
    #[schema(value_type = Option<String>, example = "14:00", required)]
    pub break_end: Option<Hhmm>,
}

/// A wall-clock time of day to the minute, written `HH:MM` (00:00–23:59).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hhmm {
    /// Minutes since midnight, 0..1440.
    minutes: u16,
}

impl Hhmm {
    /// Parses `HH:MM` (one- or two-digit hour, two-digit minutes; `24:00` is refused: write `00:00`).
    pub fn parse(text: &str) -> Option<Self> {
        let (h, m) = text.trim().split_once(':')?;
        if h.is_empty() || h.len() > 2 || m.len() != 2 || !h.bytes().chain(m.bytes()).all(|b| b.is_ascii_digit()) {
            return None;
        }
        let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
        (h < 24 && m < 60).then_some(Self { minutes: h * 60 + m })
    }

    /// The minute of the day of a local time.
    pub fn of(time: NaiveTime) -> Self {
        // hour() < 24 and minute() < 60 always hold.
        Self { minutes: u16::try_from(time.hour() * 60 + time.minute()).unwrap_or(0) }
    }
}

impl std::fmt::Display for Hhmm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:02}:{:02}", self.minutes / 60, self.minutes % 60)
    }
}

impl Serialize for Hhmm {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

fn hhmm_or_empty<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Hhmm>, D::Error> {
    let text: Option<String> = Option::deserialize(d)?;
    match text.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) => Hhmm::parse(t)
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom(format!("{t:?} is not a time HH:MM (00:00-23:59)"))),
    }
}

/// `OPEN` or `CLOSED` (spec §3 "STATUS (OPEN or other)").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Status {
    /// Open at the moment asked about.
    Open,
    /// Closed at the moment asked about (a day off, outside the hours, a break).
    Closed,
}

/// Today's hours and whether the store is open at the moment asked about (issue 8 `today`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Today {
    /// The store's local weekday.
    pub day: Day,
    /// Open or closed at the moment of the request.
    pub status: Status,
    /// `null` both: a day off. Equal: open 24 hours.
    #[schema(value_type = Option<String>, example = "09:00", required)]
    pub work_start: Option<Hhmm>,
    /// Today's closing time (the next morning for a shift past midnight).
    #[schema(value_type = Option<String>, example = "21:00", required)]
    pub work_end: Option<Hhmm>,
    /// Both given or both `null` (a break with one time does not apply, rule 5).
    #[schema(value_type = Option<String>, example = "13:00", required)]
    pub break_start: Option<Hhmm>,
    /// End of today's break.
    #[schema(value_type = Option<String>, example = "14:00", required)]
    pub break_end: Option<Hhmm>,
    /// While `OPEN`: when this open spell ends (the break's start, the shift's end, or for last night's shift past
    /// midnight its end this morning, which may differ from today's own times); `null` when closed or open 24 hours
    /// without a break.
    #[schema(value_type = Option<String>, example = "21:00", required)]
    pub open_until: Option<Hhmm>,
}

/// A problem with a week: which entry and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeekProblem(pub String);

/// Checks a week: each weekday at most once; the work times both given or both empty; the break only with work
/// times. (Times themselves are checked when read.)
pub fn check_week(week: &[DayHours]) -> Result<(), WeekProblem> {
    let mut seen = std::collections::HashSet::new();
    for entry in week {
        if !seen.insert(entry.day) {
            return Err(WeekProblem(format!("{:?} is listed twice", entry.day)));
        }
        if entry.work_start.is_some() != entry.work_end.is_some() {
            return Err(WeekProblem(format!(
                "{:?}: give both WORK_START and WORK_END, or neither (a day off)",
                entry.day
            )));
        }
        if entry.work_start.is_none() && (entry.break_start.is_some() || entry.break_end.is_some()) {
            return Err(WeekProblem(format!("{:?}: a day off has no break", entry.day)));
        }
    }
    Ok(())
}

/// `t` in `[start, end)`, wrapping past midnight when `start > end`; the whole day when they are equal.
fn within(t: Hhmm, start: Hhmm, end: Hhmm) -> bool {
    use std::cmp::Ordering::*;
    match start.cmp(&end) {
        Less => start <= t && t < end,
        Greater => t >= start || t < end,
        Equal => true,
    }
}

/// The entry's break, when both its times are given (rule 5).
fn break_of(entry: &DayHours) -> Option<(Hhmm, Hhmm)> {
    entry.break_start.zip(entry.break_end)
}

fn in_break(entry: &DayHours, t: Hhmm) -> bool {
    break_of(entry).is_some_and(|(start, end)| start != end && within(t, start, end))
}

/// Minutes from `t` forward to `x` on the clock face, 1..=1440 (`x == t` is a whole day ahead).
fn minutes_ahead(t: Hhmm, x: Hhmm) -> u16 {
    let d = (x.minutes + 1440 - t.minutes) % 1440;
    if d == 0 { 1440 } else { d }
}

/// When the open spell of `entry`'s shift that holds `t` ends: the nearer of the shift's end and its break's start
/// (rule 5), or `None` for a 24-hour day without a break.
fn spell_end(entry: &DayHours, start: Hhmm, end: Hhmm, t: Hhmm) -> Option<Hhmm> {
    let shift_end = (start != end).then_some(end);
    let break_start = break_of(entry).filter(|(s, e)| s != e).map(|(s, _)| s);
    shift_end.into_iter().chain(break_start).min_by_key(|x| minutes_ahead(t, *x))
}

/// Whether the store is open at local weekday `day`, minute `t` (rules 1–5), and if so until when: `Some(Some(time))`
/// open until `time` (the shift's end or its break's start, whichever comes first; for last night's shift, its end
/// this morning), `Some(None)` open with no end in sight (24 hours, no break), `None` closed.
pub fn open_until(week: &[DayHours], day: Weekday, t: Hhmm) -> Option<Option<Hhmm>> {
    let entry_of = |d: Weekday| week.iter().find(|e| e.day == Day::of(d));
    // Today's own shift: from its start (to its end, or to midnight for a shift past midnight).
    if let Some(entry) = entry_of(day)
        && let (Some(start), Some(end)) = (entry.work_start, entry.work_end)
    {
        let in_shift = match start.cmp(&end) {
            std::cmp::Ordering::Less => start <= t && t < end,
            std::cmp::Ordering::Greater => t >= start,
            std::cmp::Ordering::Equal => true,
        };
        if in_shift && !in_break(entry, t) {
            return Some(spell_end(entry, start, end, t));
        }
    }
    // Yesterday's shift past midnight, in this morning (rule 4).
    if let Some(entry) = entry_of(day.pred())
        && let (Some(start), Some(end)) = (entry.work_start, entry.work_end)
        && start > end
        && t < end
        && !in_break(entry, t)
    {
        return Some(spell_end(entry, start, end, t));
    }
    None
}

/// Whether the store is open at local weekday `day`, minute `t` (rules 1–5).
pub fn is_open(week: &[DayHours], day: Weekday, t: Hhmm) -> bool {
    open_until(week, day, t).is_some()
}

/// Today's hours and status at instant `now`, in time zone `tz` (rules 1–6); `None` when the week has no entry
/// for the local weekday. Pure: the caller gives the clock (`Utc::now()` in the API, fixed instants in tests).
pub fn today_at(week: &[DayHours], tz: Tz, now: DateTime<Utc>) -> Option<Today> {
    let local = now.with_timezone(&tz);
    let weekday = local.weekday();
    let entry = week.iter().find(|e| e.day == Day::of(weekday))?;
    let open = open_until(week, weekday, Hhmm::of(local.time()));
    let (break_start, break_end) = break_of(entry).unzip();
    Some(Today {
        day: entry.day,
        status: if open.is_some() { Status::Open } else { Status::Closed },
        open_until: open.flatten(),
        work_start: entry.work_start,
        work_end: entry.work_end,
        break_start,
        break_end,
    })
}

/// The first instant after `now` at which [`today_at`] answers otherwise (issue 39: a rendered page showing a
/// store's hours is kept until then), or `now` plus two days when it does not within them. The answer can change only
/// at a local minute that some entry of the week names (a shift's or a break's start or end, rules 1–5) or at
/// midnight (a new weekday): those minutes, today and tomorrow in `tz`, are tried in order, and the first whose answer
/// differs is the change. A local time skipped by a daylight-saving change counts from the first instant after the
/// gap.
pub fn next_change(week: &[DayHours], tz: Tz, now: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::TimeZone;
    let local = now.with_timezone(&tz).date_naive();
    let times: Vec<u16> = week
        .iter()
        .flat_map(|e| [e.work_start, e.work_end, e.break_start, e.break_end])
        .flatten()
        .map(|t| t.minutes)
        .chain([0])
        .collect();
    let bound = now + chrono::Duration::days(2);
    let mut candidates: Vec<DateTime<Utc>> = Vec::new();
    for date in [Some(local), local.succ_opt(), local.succ_opt().and_then(|d| d.succ_opt())].into_iter().flatten() {
        for &minutes in &times {
            let Some(time) = NaiveTime::from_hms_opt(u32::from(minutes / 60), u32::from(minutes % 60), 0) else {
                continue;
            };
            let wall = date.and_time(time);
            let at = tz
                .from_local_datetime(&wall)
                .earliest()
                .or_else(|| tz.from_local_datetime(&(wall + chrono::Duration::hours(1))).earliest());
            if let Some(at) = at.map(|at| at.with_timezone(&Utc))
                && at > now
                && at < bound
            {
                candidates.push(at);
            }
        }
    }
    candidates.sort_unstable();
    candidates.dedup();
    let answer = today_at(week, tz, now);
    candidates.into_iter().find(|at| today_at(week, tz, *at) != answer).unwrap_or(bound)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t(text: &str) -> Hhmm {
        Hhmm::parse(text).unwrap()
    }

    fn day(d: Day, work: Option<(&str, &str)>, brk: Option<(&str, &str)>) -> DayHours {
        DayHours {
            day: d,
            work_start: work.map(|w| t(w.0)),
            work_end: work.map(|w| t(w.1)),
            break_start: brk.map(|b| t(b.0)),
            break_end: brk.map(|b| t(b.1)),
        }
    }

    const MOSCOW: Tz = chrono_tz::Europe::Moscow;

    /// 2026-11-23 is a Monday. `local` is Moscow wall-clock time (UTC+3 all year).
    fn moscow(date_day: u32, hh: u32, mm: u32) -> DateTime<Utc> {
        MOSCOW.with_ymd_and_hms(2026, 11, date_day, hh, mm, 0).single().unwrap().with_timezone(&Utc)
    }

    fn status(week: &[DayHours], now: DateTime<Utc>) -> Option<Status> {
        today_at(week, MOSCOW, now).map(|today| today.status)
    }

    #[test]
    fn hhmm_parses_valid_times_and_refuses_others() {
        assert_eq!(t("09:05").to_string(), "09:05");
        assert_eq!(t("9:05").to_string(), "09:05");
        assert_eq!(t("23:59").to_string(), "23:59");
        for bad in ["24:00", "12:60", "12", "12:5", "ab:cd", "", "-1:00", "123:00", "12:345", "１２:００"] {
            assert_eq!(Hhmm::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_day_shift_is_open_from_its_start_inclusive_to_its_end_exclusive() {
        let week = [day(Day::Mon, Some(("09:00", "21:00")), None)];
        assert_eq!(status(&week, moscow(23, 8, 59)), Some(Status::Closed));
        assert_eq!(status(&week, moscow(23, 9, 0)), Some(Status::Open));
        assert_eq!(status(&week, moscow(23, 20, 59)), Some(Status::Open));
        assert_eq!(status(&week, moscow(23, 21, 0)), Some(Status::Closed));
    }

    #[test]
    fn a_break_closes_from_its_start_inclusive_to_its_end_exclusive() {
        let week = [day(Day::Mon, Some(("09:00", "21:00")), Some(("13:00", "14:00")))];
        assert_eq!(status(&week, moscow(23, 12, 59)), Some(Status::Open));
        assert_eq!(status(&week, moscow(23, 13, 0)), Some(Status::Closed));
        assert_eq!(status(&week, moscow(23, 13, 59)), Some(Status::Closed));
        assert_eq!(status(&week, moscow(23, 14, 0)), Some(Status::Open));
        let today = today_at(&week, MOSCOW, moscow(23, 13, 30)).unwrap();
        assert_eq!((today.break_start, today.break_end), (Some(t("13:00")), Some(t("14:00"))));
    }

    #[test]
    fn a_break_with_one_time_does_not_apply() {
        let mut entry = day(Day::Mon, Some(("09:00", "21:00")), Some(("13:00", "14:00")));
        entry.break_end = None;
        let week = [entry];
        assert_eq!(status(&week, moscow(23, 13, 30)), Some(Status::Open));
        let today = today_at(&week, MOSCOW, moscow(23, 13, 30)).unwrap();
        assert_eq!((today.break_start, today.break_end), (None, None));
    }

    #[test]
    fn start_equal_to_end_is_open_24_hours() {
        let week = [day(Day::Mon, Some(("00:00", "00:00")), None)];
        for (h, m) in [(0, 0), (3, 0), (12, 0), (23, 59)] {
            assert_eq!(status(&week, moscow(23, h, m)), Some(Status::Open), "{h}:{m}");
        }
        let week = [day(Day::Mon, Some(("10:00", "10:00")), Some(("13:00", "14:00")))];
        assert_eq!(status(&week, moscow(23, 9, 0)), Some(Status::Open));
        assert_eq!(status(&week, moscow(23, 13, 0)), Some(Status::Closed));
    }

    #[test]
    fn no_work_times_is_a_day_off() {
        let week = [day(Day::Mon, None, None)];
        let today = today_at(&week, MOSCOW, moscow(23, 12, 0)).unwrap();
        assert_eq!(today.status, Status::Closed);
        assert_eq!((today.work_start, today.work_end), (None, None));
    }

    #[test]
    fn no_entry_for_today_gives_none() {
        let week = [day(Day::Tue, Some(("09:00", "21:00")), None)];
        assert_eq!(today_at(&week, MOSCOW, moscow(23, 12, 0)), None);
    }

    #[test]
    fn a_shift_past_midnight_is_open_in_the_evening_and_the_next_early_morning() {
        // Monday 20:00 – Tuesday 04:00; Tuesday itself is a day off.
        let week = [day(Day::Mon, Some(("20:00", "04:00")), None), day(Day::Tue, None, None)];
        assert_eq!(status(&week, moscow(23, 19, 59)), Some(Status::Closed));
        assert_eq!(status(&week, moscow(23, 20, 0)), Some(Status::Open));
        assert_eq!(status(&week, moscow(23, 23, 59)), Some(Status::Open));
        // Monday's own early morning belongs to Sunday, which has no entry.
        assert_eq!(status(&week, moscow(23, 2, 0)), Some(Status::Closed));
        assert_eq!(status(&week, moscow(24, 0, 0)), Some(Status::Open));
        assert_eq!(status(&week, moscow(24, 3, 59)), Some(Status::Open));
        assert_eq!(status(&week, moscow(24, 4, 0)), Some(Status::Closed));
        let tuesday = today_at(&week, MOSCOW, moscow(24, 1, 0)).unwrap();
        assert_eq!(tuesday.day, Day::Tue);
        assert_eq!(tuesday.work_start, None, "today's own entry is shown: a day off, open from last night's shift");
    }

    fn until(week: &[DayHours], now: DateTime<Utc>) -> Option<String> {
        today_at(week, MOSCOW, now).and_then(|today| today.open_until).map(|t| t.to_string())
    }

    #[test]
    fn open_until_names_the_next_break_or_the_end_of_the_shift() {
        let week = [day(Day::Mon, Some(("09:00", "21:00")), Some(("13:00", "14:00")))];
        assert_eq!(until(&week, moscow(23, 9, 0)).as_deref(), Some("13:00"));
        assert_eq!(until(&week, moscow(23, 14, 0)).as_deref(), Some("21:00"));
        assert_eq!(until(&week, moscow(23, 13, 30)), None, "closed for the break");
        let all_day = [day(Day::Mon, Some(("00:00", "00:00")), None)];
        assert_eq!(until(&all_day, moscow(23, 12, 0)), None);
        assert_eq!(today_at(&all_day, MOSCOW, moscow(23, 12, 0)).unwrap().status, Status::Open);
        // Last night's shift: open until its end this morning, though today itself is a day off.
        let night = [day(Day::Mon, Some(("20:00", "04:00")), None), day(Day::Tue, None, None)];
        assert_eq!(until(&night, moscow(23, 22, 0)).as_deref(), Some("04:00"));
        assert_eq!(until(&night, moscow(24, 1, 0)).as_deref(), Some("04:00"));
        // A break in the night shift's morning part comes first.
        let night_break = [day(Day::Mon, Some(("20:00", "06:00")), Some(("02:00", "03:00")))];
        let at = |text: &str| Hhmm::parse(text).unwrap();
        assert_eq!(open_until(&night_break, Weekday::Tue, at("01:00")), Some(Some(at("02:00"))));
        assert_eq!(status(&night_break, moscow(24, 2, 30)), None, "Tuesday has no entry");
        assert!(!is_open(&night_break, Weekday::Tue, at("02:30")));
        assert_eq!(open_until(&night_break, Weekday::Tue, at("03:00")), Some(Some(at("06:00"))));
    }

    #[test]
    fn the_spring_forward_day_skips_an_hour_and_the_fall_back_day_repeats_one() {
        // Berlin, 2026-03-29: 02:00 → 03:00; 2026-10-25: 03:00 → 02:00. Open 02:00–03:00 on Sundays.
        let week = [day(Day::Sun, Some(("02:00", "03:00")), None)];
        let berlin = chrono_tz::Europe::Berlin;
        // 01:30 UTC on the spring day is 03:30 CEST: the open hour never happened.
        let spring = Utc.with_ymd_and_hms(2026, 3, 29, 1, 30, 0).unwrap();
        assert_eq!(today_at(&week, berlin, spring).unwrap().status, Status::Closed);
        // On the autumn day 02:30 local comes twice (00:30 and 01:30 UTC): open both times.
        for hour in [0, 1] {
            let autumn = Utc.with_ymd_and_hms(2026, 10, 25, hour, 30, 0).unwrap();
            assert_eq!(today_at(&week, berlin, autumn).unwrap().status, Status::Open, "{hour}:30 UTC");
        }
    }

    #[test]
    fn the_night_after_sunday_is_monday_morning() {
        let week = [day(Day::Sun, Some(("22:00", "02:00")), None), day(Day::Mon, Some(("10:00", "18:00")), None)];
        assert_eq!(status(&week, moscow(23, 1, 0)), Some(Status::Open));
        assert_eq!(status(&week, moscow(23, 2, 0)), Some(Status::Closed));
        assert_eq!(status(&week, moscow(23, 10, 0)), Some(Status::Open));
    }

    #[test]
    fn a_break_past_midnight_wraps_in_an_overnight_shift() {
        let week = [
            day(Day::Mon, Some(("20:00", "06:00")), Some(("23:30", "00:30"))),
            day(Day::Tue, Some(("20:00", "06:00")), Some(("23:30", "00:30"))),
        ];
        assert_eq!(status(&week, moscow(23, 23, 29)), Some(Status::Open));
        assert_eq!(status(&week, moscow(23, 23, 30)), Some(Status::Closed));
        assert_eq!(status(&week, moscow(24, 0, 29)), Some(Status::Closed));
        assert_eq!(status(&week, moscow(24, 0, 30)), Some(Status::Open));
    }

    #[test]
    fn the_status_follows_the_stores_time_zone_not_the_servers() {
        // 06:30 UTC: 09:30 in Moscow (open), 11:30 in Almaty (UTC+5; open), 01:30 in New York (closed).
        let week: Vec<DayHours> = [Day::Mon, Day::Tue, Day::Wed, Day::Thu, Day::Fri, Day::Sat, Day::Sun]
            .into_iter()
            .map(|d| day(d, Some(("09:00", "10:00")), None))
            .collect();
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 6, 30, 0).unwrap();
        assert_eq!(today_at(&week, MOSCOW, now).unwrap().status, Status::Open);
        assert_eq!(today_at(&week, chrono_tz::Asia::Almaty, now).unwrap().status, Status::Closed);
        assert_eq!(today_at(&week, chrono_tz::America::New_York, now).unwrap().status, Status::Closed);
        // 22:30 UTC on Monday is already Tuesday 03:30 in Vladivostok (UTC+10).
        let late = Utc.with_ymd_and_hms(2026, 11, 23, 22, 30, 0).unwrap();
        assert_eq!(today_at(&week, chrono_tz::Asia::Vladivostok, late).unwrap().day, Day::Tue);
    }

    #[test]
    fn daylight_saving_time_is_read_from_the_zone() {
        // Berlin: 08:30 UTC is 09:30 local in winter (UTC+1) and 10:30 in summer (UTC+2).
        let week = [day(Day::Mon, Some(("09:00", "10:00")), None)];
        let winter = Utc.with_ymd_and_hms(2026, 1, 5, 8, 30, 0).unwrap();
        let summer = Utc.with_ymd_and_hms(2026, 7, 6, 8, 30, 0).unwrap();
        assert_eq!(today_at(&week, chrono_tz::Europe::Berlin, winter).unwrap().status, Status::Open);
        assert_eq!(today_at(&week, chrono_tz::Europe::Berlin, summer).unwrap().status, Status::Closed);
    }

    #[test]
    fn week_entries_read_empty_strings_and_nulls_as_no_time() {
        let entry: DayHours = serde_json::from_value(serde_json::json!(
            {"day": "sat", "WORK_START": "", "WORK_END": null, "BREAK_START": " "}
        ))
        .unwrap();
        assert_eq!(entry, day(Day::Sat, None, None));
        let bad = serde_json::from_value::<DayHours>(serde_json::json!({"day": "sat", "WORK_START": "25:00"}));
        assert!(bad.unwrap_err().to_string().contains("25:00"));
        assert!(serde_json::from_value::<DayHours>(serde_json::json!({"day": "monday"})).is_err());
    }

    #[test]
    fn check_week_refuses_twice_listed_days_half_shifts_and_breaks_on_days_off() {
        assert!(check_week(&[day(Day::Mon, Some(("09:00", "18:00")), None)]).is_ok());
        let twice = [day(Day::Mon, None, None), day(Day::Mon, None, None)];
        assert!(check_week(&twice).unwrap_err().0.contains("twice"));
        let mut half = day(Day::Mon, Some(("09:00", "18:00")), None);
        half.work_end = None;
        assert!(check_week(&[half]).unwrap_err().0.contains("both"));
        let mut off_break = day(Day::Mon, None, None);
        off_break.break_start = Some(t("13:00"));
        assert!(check_week(&[off_break]).unwrap_err().0.contains("break"));
    }

    #[test]
    fn the_answer_holds_until_the_next_change() {
        let weeks = [
            vec![
                day(Day::Mon, Some(("09:00", "21:00")), Some(("13:00", "14:00"))),
                day(Day::Tue, Some(("20:00", "04:00")), None),
                day(Day::Wed, None, None),
                day(Day::Thu, Some(("10:00", "10:00")), Some(("23:30", "00:30"))),
                day(Day::Sat, Some(("08:15", "17:45")), None),
            ],
            vec![day(Day::Sun, Some(("00:00", "00:00")), None)],
        ];
        for week in &weeks {
            for tz in [MOSCOW, chrono_tz::Europe::Berlin, chrono_tz::Asia::Almaty] {
                // Every 37 minutes through a week.
                let mut now = moscow(19, 0, 7) + chrono::Duration::seconds(11);
                while now < moscow(28, 0, 0) {
                    let next = next_change(week, tz, now);
                    assert!(next > now && next <= now + chrono::Duration::days(2));
                    let answer = today_at(week, tz, now);
                    if next < now + chrono::Duration::days(2) {
                        assert_ne!(today_at(week, tz, next), answer, "{tz} {now}: {next} changes the answer");
                    }
                    let mut at = now;
                    while at < next {
                        assert_eq!(today_at(week, tz, at), answer, "{tz} {now} .. {next}: {at}");
                        at += chrono::Duration::minutes(1);
                    }
                    now += chrono::Duration::minutes(37);
                }
            }
        }
    }

    #[test]
    fn a_closed_saturday_evening_changes_at_midnight_not_at_other_days_closing_times() {
        let week = vec![
            day(Day::Fri, Some(("10:00", "21:00")), Some(("14:00", "14:30"))),
            day(Day::Sat, Some(("11:00", "19:00")), None),
            day(Day::Sun, None, None),
        ];
        // Saturday 2026-11-28, 20:07 in Moscow: closed since 19:00; Friday's 21:00 changes nothing.
        let next = next_change(&week, MOSCOW, moscow(28, 20, 7));
        assert_eq!(next, moscow(29, 0, 0));
    }
}
