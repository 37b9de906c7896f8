import type { AffectingAbsence } from "./contract/affected.ts";
import { germanDate } from "./german_words.ts";

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
  inactive: "Konto deaktiviert",
};

/** "Krankmeldung 24.11.2026–25.11.2026", "Abwesend 24.11.2026, 10:00–12:00 (Arzttermin)". */
export function absenceLabel(a: AbsenceRow): string {
  // The office set the person inactive (issue 23): no dates, every future lesson counts.
  if (a.kind === "inactive") return kindWord.inactive;
  const days = a.from_date === a.to_date
    ? germanDate(a.from_date)
    : `${germanDate(a.from_date)}–${germanDate(a.to_date)}`;
  const hours = a.kind === "part_day" && a.start_time && a.end_time
    ? `, ${a.start_time.slice(0, 5)}–${a.end_time.slice(0, 5)}`
    : "";
  const note = a.description.trim() ? ` (${a.description.trim()})` : "";
  return `${kindWord[a.kind]} ${days}${hours}${note}`;
}

/**
 * Why a lesson inside an absence was cancelled, in words the student and the instructor both read
 * (issue 25): the absence first, as it is the real cause, then why no other time was free. The
 * absence's own note stays out: it may be private (a doctor's appointment, an illness).
 */
export function absenceCancelReason(a: AbsenceRow, noOtherTime: string): string {
  const days = a.from_date === a.to_date
    ? `am ${germanDate(a.from_date)}`
    : `vom ${germanDate(a.from_date)} bis ${germanDate(a.to_date)}`;
  const hours = a.kind === "part_day" && a.start_time && a.end_time
    ? `, ${a.start_time.slice(0, 5)}–${a.end_time.slice(0, 5)} Uhr`
    : "";
  const cause = {
    sick: `${a.person_name} ist ${days} krankgemeldet.`,
    vacation: `${a.person_name} ist ${days} im Urlaub.`,
    day: `${a.person_name} ist ${days} abwesend.`,
    part_day: `${a.person_name} ist ${days}${hours} abwesend.`,
    ferien: `${a.person_name} fährt in den Ferien (${a.description.trim() || "Ferien"}) nicht.`,
    inactive: `Das Konto von ${a.person_name} ist deaktiviert.`,
  }[a.kind];
  return `${cause} Kein Ersatztermin frei: ${noOtherTime}`;
}
