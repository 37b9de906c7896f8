/**
 * Daylight at the school's location: sunset and the end of civil twilight (civil dusk, the sun 6°
 * below the horizon) on a date, as minutes after midnight of Europe/Berlin wall-clock time. Computed
 * with suncalc (a maintained implementation of the standard solar position formulas) rather than a
 * table of our own; results are cached per date and place, the planner asks often.
 */
import { getTimes } from "suncalc";

export interface Location {
  lat: number;
  lon: number;
}

/** Dortmund, the default school location. */
export const DORTMUND: Location = { lat: 51.51, lon: 7.47 };

const berlin = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Berlin",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Minutes after local midnight of an instant, in Europe/Berlin. */
function berlinMinutes(t: Date): number {
  const [h, m] = berlin.format(t).split(":").map(Number);
  return h * 60 + m;
}

export interface SunTimes {
  /** Sunset, minutes after local midnight (rounded up: daylight ends no later than this). */
  sunset: number;
  /** End of civil twilight, minutes after local midnight (rounded up: dark from then on). */
  dusk: number;
}

const cache = new Map<string, SunTimes>();

/** Sunset and civil dusk at `where` on `date` (ISO), in Berlin wall-clock minutes. */
export function sunTimes(date: string, where: Location): SunTimes {
  const key = `${date}|${where.lat}|${where.lon}`;
  let times = cache.get(key);
  if (!times) {
    // Noon UTC lies inside the local day in Germany, so suncalc computes that day's evening.
    const t = getTimes(new Date(`${date}T12:00:00Z`), where.lat, where.lon);
    // No dusk (white nights far north): never dark enough that day; likewise no sunset.
    const up = (d: Date | null) =>
      d === null ? 24 * 60 : berlinMinutes(new Date(Math.ceil(d.getTime() / 60_000) * 60_000));
    times = { sunset: up(t.sunset), dusk: up(t.dusk) };
    cache.set(key, times);
  }
  return times;
}

/** "HH:MM" of minutes after midnight. */
export function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${
    String(minutes % 60).padStart(2, "0")
  }`;
}
