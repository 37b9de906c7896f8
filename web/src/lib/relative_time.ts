import { daysBetween, SCHOOL_TIME_ZONE, schoolDay } from "../../../common/time.ts";

const relative = new Intl.RelativeTimeFormat("de", { numeric: "auto" });
const dateTime = new Intl.DateTimeFormat("de-DE", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SCHOOL_TIME_ZONE,
});

/** "12.11.2026, 14:05" in the school's time zone (the activity line's tooltip and old lines). */
export function germanDateTime(timestamp: string): string {
  const then = new Date(timestamp);
  return Number.isNaN(then.getTime()) ? "" : dateTime.format(then);
}

/**
 * How long ago, in German: 'Gerade eben', 'vor 5 Minuten', 'vor 3 Stunden', then by calendar
 * day in Berlin 'gestern', 'vorgestern', 'vor 4 Tagen', and after a week the date and time.
 */
export function relativeGermanTime(timestamp: string, now = new Date()): string {
  const then = new Date(timestamp);
  if (Number.isNaN(then.getTime())) return "";
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60000);
  // A clock a little ahead of the server's must not say "in 1 Minute".
  if (minutes < 1) return "Gerade eben";
  if (minutes < 60) return relative.format(-minutes, "minute");
  const days = daysBetween(schoolDay(then), schoolDay(now));
  if (days === 0) return relative.format(-Math.floor(minutes / 60), "hour");
  if (days < 7) return relative.format(-days, "day");
  return germanDateTime(timestamp);
}
