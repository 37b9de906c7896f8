import type { AffectingAbsence } from "../../common/contract/affected.ts";
import { germanDate } from "../../common/german_words.ts";

/** An absence row of the affected_appointments view, as the list query aggregates it. */
export interface AbsenceRow {
  role: "student" | "instructor";
  person_name: string;
  kind: AffectingAbsence["kind"];
  from_date: string;
  to_date: string;
  start_time: string | null;
  end_time: string | null;
  description: string;
}

const kindWord: Record<AffectingAbsence["kind"], string> = {
  sick: "Krankmeldung",
  vacation: "Urlaub",
  day: "Abwesend",
  part_day: "Abwesend",
  ferien: "Ferien",
};

/** "Krankmeldung 24.11.2026–25.11.2026", "Abwesend 24.11.2026, 10:00–12:00 (Arzttermin)". */
export function absenceLabel(a: AbsenceRow): string {
  const days = a.from_date === a.to_date
    ? germanDate(a.from_date)
    : `${germanDate(a.from_date)}–${germanDate(a.to_date)}`;
  const hours = a.kind === "part_day" && a.start_time && a.end_time
    ? `, ${a.start_time.slice(0, 5)}–${a.end_time.slice(0, 5)}`
    : "";
  const note = a.description.trim() ? ` (${a.description.trim()})` : "";
  return `${kindWord[a.kind]} ${days}${hours}${note}`;
}
