import { germanDate } from "../../../../common/german_words.ts";
import { SimpleTable } from "../../components/ui/simple_table.tsx";
import type { PlannerProgress } from "../../../../common/contract/planner_progress.ts";

const transmissionLabel = { manual: "Schaltung", automatic: "Automatik" };

/** The needs the run left open, each with the planner's German reason. */
export function UnplannedNeeds({ p, open = false }: { p: PlannerProgress; open?: boolean }) {
  return (
    <>
      {p.unplanned.length > 0 && (
        <details className="planner-details planner-unplanned" open={open}>
          <summary>
            Nicht vollständig geplant: {p.unplanned.length} Bedarf
            {p.unplanned.length === 1 ? "" : "e"}
          </summary>
          <SimpleTable labels={["Fahrschüler", "Getriebe", "Fehlend", "Grund"]}>
            {p.unplanned.map((u) => (
              <tr key={`${u.student}-${u.transmission}-${u.kind ?? ""}`}>
                <td data-label="Fahrschüler">{u.student_name}</td>
                <td data-label="Getriebe">
                  {u.kind
                    ? specialLabel[u.kind]
                    : transmissionLabel[u.transmission] ?? u.transmission}
                </td>
                <td data-label="Fehlend">{u.kind ? `${u.missing} Einheiten` : u.missing}</td>
                <td data-label="Grund">{u.reason}</td>
              </tr>
            ))}
          </SimpleTable>
        </details>
      )}
      {(p.exams_at_risk ?? []).length > 0 && (
        <details className="planner-details planner-exams" open>
          <summary>Prüfung gefährdet: {p.exams_at_risk.length} Fahrschüler</summary>
          <SimpleTable labels={["Fahrschüler", "Prüfung", "Noch offen", "Grund"]}>
            {p.exams_at_risk.map((e) => (
              <tr key={`${e.student_name}-${e.exam_at}`}>
                <td data-label="Fahrschüler">{e.student_name}</td>
                <td data-label="Prüfung">{examLabel(e.exam_at)}</td>
                <td data-label="Noch offen">{openLabel(e.missing_lessons, e.missing_units)}</td>
                <td data-label="Grund">{e.reason}</td>
              </tr>
            ))}
          </SimpleTable>
        </details>
      )}
    </>
  );
}

/** German names of the special drives (Sonderfahrten). */
const specialLabel: Record<string, string> = {
  overland: "Überlandfahrt",
  highway: "Autobahnfahrt",
  night: "Nachtfahrt",
};

/** "05.03.2027, 08:00" of a local "YYYY-MM-DDTHH:MM". */
function examLabel(at: string): string {
  return `${germanDate(at.slice(0, 10))}, ${at.slice(11, 16)}`;
}

/** What is still open before the exam, in German. */
function openLabel(lessons: number, units: number): string {
  const parts = [];
  if (lessons > 0) parts.push(`${lessons} Fahrstunde${lessons === 1 ? "" : "n"}`);
  if (units > 0) parts.push(`${units} Einheit${units === 1 ? "" : "en"} Sonderfahrten`);
  return parts.join(", ");
}
