import { useId } from "react";
import type { SortState } from "../../components/ui/data_table.tsx";

const choices: { value: string; label: string }[] = [
  { value: "start_time:asc", label: "Datum (nächste zuerst)" },
  { value: "start_time:desc", label: "Datum (späteste zuerst)" },
  { value: "time_of_day:asc", label: "Uhrzeit (früheste zuerst)" },
  { value: "student_name:asc", label: "Fahrschüler (Nachname A–Z)" },
  { value: "instructor_name:asc", label: "Fahrlehrer (Nachname A–Z)" },
  { value: "appointment_type:asc", label: "Typ" },
  { value: "vehicle:asc", label: "Fahrzeug" },
  { value: "transmission_type:asc", label: "Getriebe" },
  { value: "status:asc", label: "Status" },
];

/** On narrow screens the table's headers are hidden; this select sorts the cards instead. */
export function MobileSortSelect(
  { sort, onSort }: { sort: SortState; onSort(s: SortState): void },
) {
  const id = useId();
  const current = `${sort.by}:${sort.direction}`;
  const known = choices.some((c) => c.value === current);
  return (
    <div className="appointments-mobile-sort">
      <label htmlFor={id} className="small muted">Sortieren</label>
      <select
        id={id}
        className="input"
        value={current}
        onChange={(e) => {
          const [by, direction] = e.target.value.split(":");
          onSort({ by, direction: direction === "asc" ? "asc" : "desc" });
        }}
      >
        {!known && <option value={current}>Wie in der Tabelle gewählt</option>}
        {choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
      </select>
    </div>
  );
}
