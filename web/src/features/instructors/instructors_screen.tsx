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
import { formatGermanDate } from "../../lib/german_dates.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { InstructorCreateModal } from "./instructor_create.tsx";
import { InstructorDetailOverlay } from "./instructor_detail.tsx";
import type { InstructorRow } from "./instructor_types.ts";
import "./instructors.css";

const listPath = "/admin/users/";
const roleParams = { role: "instructor" };

/** The name a row shows: the full name, else the username (spec 02 §2). */
function displayName(row: InstructorRow): string {
  return row.full_name?.trim() || row.username;
}

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

function formatHours(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(".", ",");
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

/** /instructors: the searchable, sortable, paged list of instructors (spec 02 §2). */
export default function InstructorsScreen() {
  usePageTitle("Fahrlehrer");
  const toast = useToast();
  const navigate = useNavigate();
  const onError = useCallback(() => toast.show("Fehler beim Laden der Daten", "error"), [toast]);
  const list = useServerList<InstructorRow>(listPath, {
    defaultSort: { by: "username", direction: "asc" },
    params: roleParams,
    onError,
  });
  const [detail, setDetail] = useState<{ id: number; mode: "view" | "edit" } | null>(null);
  const [creating, setCreating] = useState(false);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const closeDetail = useCallback(() => setDetail(null), []);

  const { remove, exportList, exporting } = usePersonListActions<InstructorRow>({
    kind: "Fahrlehrer",
    list,
    listPath,
    params: roleParams,
    displayName,
    exportFile: "fahrlehrer.xlsx",
    exportHeaders: ["Benutzername", "Name", "E-Mail", "Status", "Beigetreten"],
    exportRow: (r) => [
      r.username,
      displayName(r),
      r.email,
      r.is_active ? "Aktiv" : "Inaktiv",
      formatGermanDate(r.date_joined),
    ],
  });

  const columns: Column<InstructorRow>[] = [
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
      key: "qualification",
      header: "Qualifikation",
      render: (row) => <Qualification types={row.profile?.transmission_types ?? []} />,
    },
    { key: "month", header: "Diesen Monat", render: (row) => <MonthHours row={row} /> },
    {
      key: "today",
      header: "Heute",
      className: "table-num",
      render: (row) => row.today_appointments ?? 0,
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
          <h1>Fahrlehrer</h1>
          <p>{list.loading && !list.total ? "\u00a0" : `${list.total} Fahrlehrer insgesamt`}</p>
        </div>
        <div className="page-header-actions">
          <DropdownMenu
            label={exporting ? "Export läuft..." : "Export / Import"}
            items={[
              { label: "Als Excel exportieren", onSelect: exportList },
              {
                label: "Aus Excel importieren",
                onSelect: () => navigate("/admin-panel#import-fahrlehrer"),
              },
            ]}
          />
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            + Fahrlehrer hinzufügen
          </button>
        </div>
      </header>
      <div className="toolbar">
        <div className="list-search">
          <SearchInput
            label="Fahrlehrer suchen"
            placeholder="Name, Benutzername oder E-Mail suchen..."
            value={list.search}
            onSearch={list.setSearch}
          />
        </div>
      </div>
      <DataTable
        label="Fahrlehrer"
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        sort={list.sort}
        onSort={list.setSort}
        onRowClick={(row) => setDetail({ id: row.id, mode: "view" })}
        loading={list.loading}
        emptyMessage="Keine Fahrlehrer gefunden"
      />
      <Pagination
        page={list.page}
        totalPages={list.totalPages}
        onPage={list.setPage}
        label="Seiten der Fahrlehrerliste"
      />
      {detail && (
        <InstructorDetailOverlay
          key={`${detail.id}-${detail.mode}`}
          id={detail.id}
          initialMode={detail.mode}
          onClose={closeDetail}
          onSaved={list.reload}
        />
      )}
      {creating && (
        <InstructorCreateModal
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
