// A store's opening hours read from its free text, and the local time of an instant in a time zone
// (weekday, minutes, calendar day, a day's bounds): what the OUTSIDE_HOURS and VOID_CLUSTER rules need.
import { DAY, MINUTE } from './signal-rules';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export interface OpeningSpan {
  /** weekdays, 0 = Monday */
  days: ReadonlySet<number>;
  /** minutes after midnight; `close` ≤ `open` runs past midnight into the next day */
  open: number;
  close: number;
}

const dayIndex = (name: string): number =>
  WEEKDAYS.findIndex((d) => d.toLowerCase() === name.slice(0, 3).toLowerCase() && name.length <= 9);

const minutesOf = (hhmm: string): number | null => {
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(hhmm);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
};

/**
 * A store's `openingHours` as the stores' form suggests it ("Mon-Fri 09:00-21:00, Sat-Sun
 * 10:00-22:00", "Daily 10:00-22:00", "Mon,Wed 08:00-12:00"); null when any part of it reads otherwise
 * (free text such as "by appointment"): such a store has no hours to stamp outside of.
 */
export const parseOpeningHours = (text: string | null | undefined): OpeningSpan[] | null => {
  if (!text || text.trim() === '') return null;
  const spans: OpeningSpan[] = [];
  const segment = /([A-Za-z][A-Za-z ,-]*?)\s+(\d{1,2}[:.]\d{2})\s*[-–]\s*(\d{1,2}[:.]\d{2})/g;
  // everything between the segments must be separators: any other word makes the text unreadable
  if (text.replace(segment, '').replace(/[\s,;]/g, '') !== '') return null;
  for (const m of text.matchAll(segment)) {
    const [, daysText = '', from = '', to = ''] = m;
    const open = minutesOf(from);
    const close = minutesOf(to);
    if (open === null || close === null) return null;
    const days = new Set<number>();
    for (const group of daysText.split(',')) {
      const g = group.trim();
      if (/^(daily|every ?day)$/i.test(g)) {
        for (let i = 0; i < 7; i++) days.add(i);
        continue;
      }
      const range = g.split(/\s*-\s*/);
      const a = dayIndex(range[0] ?? '');
      const b = range.length === 2 ? dayIndex(range[1] ?? '') : a;
      if (a < 0 || b < 0 || range.length > 2) return null;
      for (let i = a; ; i = (i + 1) % 7) {
        days.add(i);
        if (i === b) break;
      }
    }
    spans.push({ days, open, close: close === 0 ? 24 * 60 : close });
  }
  return spans.length > 0 ? spans : null;
};

/** The weekday (0 = Monday), minutes after midnight and calendar day of `at` in `timeZone`. */
export const localTime = (at: Date, timeZone: string): { weekday: number; minutes: number; day: string } => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: dayIndex(get('weekday')),
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
    day: `${get('year')}-${get('month')}-${get('day')}`,
  };
};

/** Is a store with `spans` open (give or take `grace` minutes) at local `weekday` and `minutes`? */
export const isOpenAt = (
  spans: readonly OpeningSpan[],
  weekday: number,
  minutes: number,
  grace = 0,
): boolean =>
  spans.some((s) => {
    const yesterday = (weekday + 6) % 7;
    if (s.close > s.open) {
      return s.days.has(weekday) && minutes >= s.open - grace && minutes < s.close + grace;
    }
    // past midnight: open from `open` on its day until `close` the next morning
    return (
      (s.days.has(weekday) && minutes >= s.open - grace) ||
      (s.days.has(yesterday) && minutes < s.close + grace)
    );
  });

/** Midnight to midnight of a calendar day in `timeZone`, as instants. */
export const dayBounds = (day: string, timeZone: string): { windowStart: Date; windowEnd: Date } => {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (t: number) => {
    const local = localTime(new Date(t), timeZone);
    const localMs = Date.parse(`${local.day}T00:00:00Z`) + local.minutes * MINUTE;
    return localMs - Math.floor(t / MINUTE) * MINUTE;
  };
  const start = utcMidnight - offsetAt(utcMidnight);
  const end = utcMidnight + DAY - offsetAt(utcMidnight + DAY);
  return { windowStart: new Date(start), windowEnd: new Date(end) };
};
