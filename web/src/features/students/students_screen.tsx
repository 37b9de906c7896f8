import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { type Credentials, CredentialsModal } from "../../components/ui/credentials_modal.tsx";
import {
  type Column,
  DataTable,
  RowActions,
  useServerList,
} from "../../components/ui/data_table.tsx";
import { DropdownMenu } from "../../components/ui/dropdown_menu.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { SearchInput } from "../../components/ui/search_input.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { usePersonListActions } from "../../components/ui/use_person_list_actions.ts";
import {
  formatGermanDate,
  germanWeekdayShort,
  mondayIndex,
  shortTime,
} from "../../lib/german_dates.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { StudentCreateModal } from "./student_create.tsx";
import { StudentDetailOverlay } from "./student_detail.tsx";
import type { StudentRow } from "./student_types.ts";
import "./students.css";

const listPath = "/admin/users/";
const roleParams = { role: "student" };

/** The name a row shows: the full name, else the username. */
function displayName(row: StudentRow): string {
  return row.full_name?.trim() || row.username;
}

function hours(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(".", ",");
}

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
        aria-label={`${label}: ${hours(done)} von ${hours(required)} Stunden`}
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={done}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <span>{hours(done)}/{hours(required)}</span>
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

/** /students: the searchable, sortable, paged list of students (spec 02 §2). */
export default function StudentsScreen() {
  usePageTitle("Fahrschüler");
  const toast = useToast();
  const navigate = useNavigate();
  const onError = useCallback(() => toast.show("Fehler beim Laden der Daten", "error"), [toast]);
  const list = useServerList<StudentRow>(listPath, {
    defaultSort: { by: "username", direction: "asc" },
    params: roleParams,
    onError,
  });
  const [detail, setDetail] = useState<{ id: number; mode: "view" | "edit" } | null>(null);
  const [creating, setCreating] = useState(false);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const closeDetail = useCallback(() => setDetail(null), []);

  const { remove, exportList, exporting } = usePersonListActions<StudentRow>({
    kind: "Fahrschüler",
    list,
    listPath,
    params: roleParams,
    displayName,
    exportFile: "fahrschueler.xlsx",
    exportHeaders: ["Benutzername", "Name", "E-Mail", "Klasse", "Offen", "Status", "Beigetreten"],
    exportRow: (r) => [
      r.username,
      displayName(r),
      r.email,
      r.profile?.license_class ?? "",
      r.remaining_hours_total ?? 0,
      r.is_active ? "Aktiv" : "Inaktiv",
      formatGermanDate(r.date_joined),
    ],
  });

  const columns: Column<StudentRow>[] = [
    {
      key: "name",
      header: "Name",
      sortKey: "name",
      render: (row) => (
        <div className="cell-stack">
          <button
            type="button"
            className="cell-title"
            onClick={() => setDetail({ id: row.id, mode: "view" })}
          >
            {displayName(row)}
          </button>
          <span className="cell-sub">{row.email || row.username}</span>
        </div>
      ),
    },
    {
      key: "class",
      header: "Klasse",
      render: (row) =>
        row.profile?.license_class
          ? <span className="badge badge-primary">{row.profile.license_class}</span>
          : <span className="muted">-</span>,
    },
    { key: "progress", header: "Fortschritt", render: (row) => <Progress row={row} /> },
    {
      key: "next",
      header: "Nächster Termin",
      render: (row) => <NextAppointment row={row} />,
    },
    {
      key: "open",
      header: "Offen",
      className: "table-num",
      render: (row) => {
        const open = row.remaining_hours_total ?? 0;
        return (
          <span className={`open-hours ${open > 0 ? "is-open" : "is-done"}`}>
            {hours(open)} h
          </span>
        );
      },
    },
    {
      key: "status",
      header: "Status",
      sortKey: "is_active",
      render: (row) =>
        row.is_active
          ? <span className="badge badge-success">Aktiv</span>
          : <span className="badge">Inaktiv</span>,
    },
    {
      key: "actions",
      header: "Aktionen",
      hiddenHeader: true,
      render: (row) => (
        <RowActions
          name={displayName(row)}
          onEdit={() => setDetail({ id: row.id, mode: "edit" })}
          onDelete={() => remove(row)}
        />
      ),
    },
  ];

  return (
    <section className="page people-page">
      <header className="page-header">
        <div>
          <h1>Fahrschüler</h1>
          <p>{list.loading && !list.total ? "\u00a0" : `${list.total} Fahrschüler insgesamt`}</p>
        </div>
        <div className="page-header-actions">
          <DropdownMenu
            label={exporting ? "Export läuft..." : "Export / Import"}
            items={[
              { label: "Als Excel exportieren", onSelect: exportList },
              {
                label: "Aus Excel importieren",
                onSelect: () => navigate("/admin-panel#import-schueler"),
              },
            ]}
          />
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            + Fahrschüler hinzufügen
          </button>
        </div>
      </header>
      <div className="toolbar">
        <div className="list-search">
          <SearchInput
            label="Fahrschüler suchen"
            placeholder="Name, Benutzername oder E-Mail suchen..."
            value={list.search}
            onSearch={list.setSearch}
          />
        </div>
      </div>
      <DataTable
        label="Fahrschüler"
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        sort={list.sort}
        onSort={list.setSort}
        onRowClick={(row) => setDetail({ id: row.id, mode: "view" })}
        loading={list.loading}
        emptyMessage="Keine Fahrschüler gefunden"
      />
      <Pagination
        page={list.page}
        totalPages={list.totalPages}
        onPage={list.setPage}
        label="Seiten der Fahrschülerliste"
      />
      {detail && (
        <StudentDetailOverlay
          key={`${detail.id}-${detail.mode}`}
          id={detail.id}
          initialMode={detail.mode}
          onClose={closeDetail}
          onSaved={list.reload}
        />
      )}
      {creating && (
        <StudentCreateModal
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setCredentials(created);
            list.reload();
          }}
        />
      )}
      <CredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />
    </section>
  );
}
