import { de } from "../../i18n/de.ts";
import { formatHours } from "./people_types.ts";
import type { PersonRole } from "./person_role.ts";
import { InstructorPersonalFields, InstructorSections } from "./instructor_sections.tsx";
import {
  emptyInstructorForm,
  type InstructorDetail,
  type InstructorForm,
  instructorFormFromDetail,
  instructorFormProblems,
  instructorPayload,
  type InstructorRow,
} from "./instructor_types.ts";
import {
  formatPercent,
  toneClass,
  utilizationHint,
  utilizationLevel,
} from "../../lib/stat_levels.ts";
import "./instructors.css";
import "./progress.css";

function MonthHours({ row }: { row: InstructorRow }) {
  const hours = row.week_hours;
  if (!hours || !hours.target) return <span className="muted">-</span>;
  const percent = Math.round((hours.current / hours.target) * 100);
  const good = percent >= 80;
  return (
    <div className="month-hours">
      <span className={good ? "text-success" : "text-error"}>
        {formatHours(hours.current)}/{formatHours(hours.target)} h{" "}
        <span className="month-hours-percent">({percent} %)</span>
      </span>
      <div className="progress" aria-hidden="true">
        <div
          className={`progress-bar ${good ? "" : "progress-bar-low"}`}
          style={{ width: `${Math.min(100, percent)}%` }}
        />
      </div>
    </div>
  );
}

/**
 * The dashboard's utilization (same API function, same 30 days, same basis), with the hours
 * behind it and the dashboard's good/moderate/low colour.
 */
function Utilization({ row }: { row: InstructorRow }) {
  const u = row.utilization;
  if (!u) return <span className="muted">-</span>;
  const tone = toneClass[utilizationLevel(u.percent)];
  return (
    <div className="instructor-utilization" title={utilizationHint}>
      <strong className={`text-${tone}`}>{formatPercent(u.percent)}</strong>
      <span className="muted small">
        {formatHours(u.planned_hours)} von {formatHours(u.available_hours)} h
      </span>
    </div>
  );
}

function Qualification({ types }: { types: string[] }) {
  if (!types.length) return <span className="muted">-</span>;
  return (
    <span className="cluster">
      {types.includes("automatic") && <span className="badge badge-primary">Auto</span>}
      {types.includes("manual") && <span className="badge badge-warning">Schalt</span>}
    </span>
  );
}

/** The instructors' part of the people screens (spec 02 §2-§8). */
export const instructorRole: PersonRole<InstructorRow, InstructorDetail, InstructorForm> = {
  role: "instructor",
  word: de.roles.instructor,
  columns: [
    {
      key: "qualification",
      header: "Qualifikation",
      render: (row) => <Qualification types={row.profile?.transmission_types ?? []} />,
    },
    { key: "month", header: "Diesen Monat", render: (row) => <MonthHours row={row} /> },
    {
      key: "utilization",
      header: "Auslastung (30 Tage)",
      render: (row) => <Utilization row={row} />,
    },
    {
      key: "today",
      header: "Heute",
      className: "table-num",
      render: (row) => row.today_appointments ?? 0,
    },
  ],
  exportFile: "fahrlehrer.xlsx",
  exportColumns: [],
  emptyForm: emptyInstructorForm,
  formFromDetail: instructorFormFromDetail,
  PersonalFields: InstructorPersonalFields,
  Sections: InstructorSections,
  errorFields: {
    transmission_types: ["automatic", "manual"],
    default_vehicle_id: ["default_vehicle"],
    work_schedule: ["work"],
    vacation_periods: ["vacations"],
    theory_sessions: ["theory"],
    unavailable_blocks: ["blocks"],
  },
  create: {
    route: "POST /admin/instructors/create-manual/",
    title: "Fahrlehrer hinzufügen",
    submitLabel: "Fahrlehrer erstellen",
    problems: instructorFormProblems,
    payload: instructorPayload,
    done: (answer) => answer.message || "Fahrlehrer erfolgreich erstellt!",
    failed: "Fehler beim Erstellen des Fahrlehrers.",
    passwordToast: false,
  },
  update: {
    problems: instructorFormProblems,
    payload: instructorPayload,
    done: "Fahrlehrer erfolgreich aktualisiert!",
    failed: (message) => message || "Fehler beim Speichern der Änderungen.",
  },
};
