import { de } from "../../i18n/de.ts";
import {
  formatGermanDate,
  germanWeekdayShort,
  mondayIndex,
  shortTime,
} from "../../lib/german_dates.ts";
import { formatHours } from "./people_types.ts";
import type { PersonRole } from "./person_role.ts";
import { StudentSections } from "./student_sections.tsx";
import {
  emptyStudentForm,
  studentCreatePayload,
  studentCreateProblems,
  type StudentDetail,
  type StudentForm,
  studentFormFromDetail,
  type StudentRow,
  studentUpdatePayload,
  studentUpdateProblems,
} from "./student_types.ts";
import "./progress.css";
import "./students.css";

function ProgressLine(
  { label, done, required }: { label: string; done: number; required: number },
) {
  const percent = Math.min(100, Math.round((done / required) * 100));
  return (
    <div className="progress-line">
      <span>{label}</span>
      <div
        className="progress"
        role="progressbar"
        aria-label={`${label}: ${formatHours(done)} von ${formatHours(required)} Stunden`}
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={done}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <span>{formatHours(done)}/{formatHours(required)}</span>
    </div>
  );
}

/** Automatic and manual progress, each only when that transmission is required (spec 02 §2). */
function Progress({ row }: { row: StudentRow }) {
  const p = row.profile;
  if (!p || (!(p.required_automatic_hours > 0) && !(p.required_manual_hours > 0))) {
    return <span className="muted">-</span>;
  }
  return (
    <div className="progress-cell">
      {p.required_automatic_hours > 0 && (
        <ProgressLine
          label="Auto"
          done={p.completed_automatic_hours}
          required={p.required_automatic_hours}
        />
      )}
      {p.required_manual_hours > 0 && (
        <ProgressLine
          label="Schalt"
          done={p.completed_manual_hours}
          required={p.required_manual_hours}
        />
      )}
    </div>
  );
}

function NextAppointment({ row }: { row: StudentRow }) {
  const next = row.next_appointment;
  if (!next) return <span className="muted">-</span>;
  const weekday = germanWeekdayShort[mondayIndex(next.date)] ?? "";
  return (
    <div className="cell-stack next-appointment" title={formatGermanDate(next.date)}>
      <span>{weekday} {shortTime(next.start_time)}</span>
      <span className="cell-sub">{next.instructor_name}</span>
    </div>
  );
}

function OpenHours({ row }: { row: StudentRow }) {
  const open = row.remaining_hours_total ?? 0;
  return (
    <span className={`open-hours ${open > 0 ? "is-open" : "is-done"}`}>
      {formatHours(open)} h
    </span>
  );
}

/** The students' part of the people screens (spec 02 §2-§8). */
export const studentRole: PersonRole<StudentRow, StudentDetail, StudentForm> = {
  role: "student",
  word: de.roles.student,
  columns: [
    {
      key: "class",
      header: "Klasse",
      render: (row) =>
        row.profile?.license_class
          ? <span className="badge badge-primary">{row.profile.license_class}</span>
          : <span className="muted">-</span>,
    },
    { key: "progress", header: "Fortschritt", render: (row) => <Progress row={row} /> },
    { key: "next", header: "Nächster Termin", render: (row) => <NextAppointment row={row} /> },
    {
      key: "open",
      header: "Offen",
      className: "table-num",
      render: (row) => <OpenHours row={row} />,
    },
  ],
  exportFile: "fahrschueler.xlsx",
  exportColumns: [
    { header: "Klasse", cell: (row) => row.profile?.license_class ?? "" },
    { header: "Offen", cell: (row) => row.remaining_hours_total ?? 0 },
  ],
  emptyForm: emptyStudentForm,
  formFromDetail: studentFormFromDetail,
  Sections: StudentSections,
  errorFields: {
    school_schedule: ["week"],
    free_periods: ["week"],
    arrival_times: ["week"],
    vacation_periods: ["vacations"],
  },
  create: {
    route: "POST /admin/students/create-manual/",
    title: "Neuen Schüler anlegen",
    submitLabel: "Schüler erstellen",
    problems: studentCreateProblems,
    payload: studentCreatePayload,
    done: () => "Schüler erfolgreich erstellt!",
    failed: "Fehler beim Erstellen des Schülers.",
    passwordToast: true,
  },
  update: {
    problems: studentUpdateProblems,
    payload: studentUpdatePayload,
    done: "Schülerdaten erfolgreich aktualisiert!",
    failed: (message) => message ? `Fehler beim Speichern: ${message}` : "Unbekannter Fehler",
  },
};
