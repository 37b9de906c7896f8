import type { WriteKind } from "./queue_store.ts";

const weekdays = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"];

interface Slot {
  day_of_week: number;
  start_time: string;
}

interface Absence {
  date: string;
  is_unavailable: boolean;
  start_time?: string | null;
  end_time?: string | null;
  description?: string | null;
}

function germanDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}.${m}.${y}`;
}

/** Lines that describe one version of a data set in German, for the conflict dialog. */
export function describeVersion(kind: WriteKind, data: unknown): string[] {
  const list = Array.isArray(data) ? data : [];
  if (kind === "availability") {
    const byDay = new Map<number, string[]>();
    for (const slot of list as Slot[]) {
      const hours = byDay.get(slot.day_of_week) ?? [];
      hours.push(slot.start_time.slice(0, 5));
      byDay.set(slot.day_of_week, hours);
    }
    if (!byDay.size) return ["Keine Zeiten markiert"];
    return [...byDay].sort(([a], [b]) => a - b).map(([day, hours]) =>
      `${weekdays[day - 1]}: ${hours.sort().join(", ")}`
    );
  }
  if (!list.length) return ["Keine Abwesenheiten"];
  return (list as Absence[]).map((entry) => {
    const when = entry.is_unavailable
      ? "ganztägig"
      : `${entry.start_time?.slice(0, 5)}–${entry.end_time?.slice(0, 5)} Uhr`;
    const note = entry.description ? ` (${entry.description})` : "";
    return `${germanDate(entry.date)}, ${when}${note}`;
  });
}

/** The German name of a data set. */
export function kindLabel(kind: WriteKind): string {
  return kind === "availability" ? "Wöchentliche Verfügbarkeit" : "Urlaub & Abwesenheit";
}
