/**
 * Issue 30: dates as a person writes them. A widget tag's `date` attribute takes
 * `date="2027-02-06 10:00"` (or `date="2027-02-06"`, midnight): a wall-clock time in the site's
 * time zone (demo/site.ts `timeZone`), turned at build into the widget's settings (year, month
 * counted from 0 as the §3 markup has it, day, hour, minute, and the zone's offset on that day,
 * summer time included). Runs at build only: the machines never see a calendar.
 */
export interface WallTime {
  year: number;
  /** 1-12, as written. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The date settings a `date` attribute fills (the countdown's §3 settings). */
export const DATE_SETTINGS = ['year', 'month', 'day', 'hour', 'minute', 'timezone'] as const;

/** How the guide and the messages show the format. */
export const DATE_FORMAT = 'year-month-day hour:minute, such as 2027-02-06 10:00';

const PATTERN = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?$/;

/** `2027-02-06 10:00` → its parts; undefined when it is not a real date and time. */
export function parseWallTime(text: string): WallTime | undefined {
  const match = PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as [number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || day < 1) return undefined;
  // 31 February is no date: the day must survive the round trip through the calendar.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined;
  return { year, month, day, hour, minute };
}

/** The offset from UTC, in minutes east, of `zone` at the instant `utcMs`. */
function offsetAt(zone: string, utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(utcMs);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((wall - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

/** The zone's offset (minutes east of UTC) for a wall-clock time there: -300 for a winter morning in New York. */
export function zoneOffset(zone: string, time: WallTime): number {
  const asUtc = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute);
  // Twice: the first guess can sit on the other side of a summer-time change.
  const first = offsetAt(zone, asUtc);
  return offsetAt(zone, asUtc - first * 60_000);
}

/** The widget settings a written date stands for, in the site's zone. */
export function dateSettings(time: WallTime, zone: string): Record<(typeof DATE_SETTINGS)[number], number> {
  return { year: time.year, month: time.month - 1, day: time.day, hour: time.hour, minute: time.minute, timezone: zoneOffset(zone, time) };
}
