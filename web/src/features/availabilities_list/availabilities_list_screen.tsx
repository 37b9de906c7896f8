import type { AvailabilityListRow } from "../../../../common/contract/availability_row.ts";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useCallback, useId, useRef, useState } from "react";
import type { AppointmentChoices } from "../../../../common/contract/appointment_detail.ts";
import { type Column, fetchAllPages, useServerList } from "../../components/ui/data_table.tsx";
import { DropdownMenu } from "../../components/ui/dropdown_menu.tsx";
import { ListPage } from "../../components/ui/list_page.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { de } from "../../i18n/de.ts";
import { ApiError, call } from "../../lib/api.ts";
import { downloadFile, toCsv } from "../../lib/export_files.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { germanWeekdayNames, shortTime } from "../../lib/german_dates.ts";
import "./availabilities_list.css";

/** A row of GET /api/admin/availabilities/. */
type AvailabilityRow = AvailabilityListRow;

const listRoute = "GET /admin/availabilities/";

const typeNames: Record<string, string> = {
  available: "Verfügbar",
  work: "Arbeitszeit",
  arrival: "Ankunft",
  free_period: "Freistunde",
  school: "Schule",
  break: "Pause",
  unavailable: "Sperrzeit",
};

function roleName(role: string): string {
  return role === "instructor" ? de.roles.instructor : de.roles.student;
}

function dayName(row: AvailabilityRow): string {
  return germanWeekdayNames[(row.day_of_week ?? 0) - 1] ?? row.day_name ?? "-";
}

function userName(row: AvailabilityRow): string {
  return row.full_name?.trim() || row.username;
}

/** /availabilities-list: every user's weekly availability, read-only, with CSV export/import. */
export default function AvailabilitiesListScreen() {
  const toast = useToast();
  const onError = useCallback(() => toast.show(de.list.loadFailed, "error"), [toast]);
  // Filters: role, one person, one weekday ('' = all); sent as the list's query parameters.
  const filterId = useId();
  const [role, setRole] = useState<"" | "instructor" | "student">("");
  const [person, setPerson] = useState("");
  const [weekday, setWeekday] = useState("");
  const params = { role, person, day_of_week: weekday };
  const list = useServerList(listRoute, {
    defaultSort: { by: "full_name", direction: "asc" },
    onError,
    params,
  });
  // The same active people the appointment forms pick from (one query, one key).
  const { data: people } = useQuery({
    queryKey: [...queryKeys.appointments, "choices"],
    queryFn: ({ signal }): Promise<AppointmentChoices> =>
      call("GET /admin/appointments/choices/", { signal }).catch((error) => {
        console.error("Fehler beim Laden der Personen", error);
        throw error;
      }),
  });
  const personOptions = [
    ...(role !== "student" ? people?.instructors ?? [] : []).map((p) => ({
      value: String(p.id),
      label: `${p.name} (${de.roles.instructor})`,
    })),
    ...(role !== "instructor" ? people?.students ?? [] : []).map((p) => ({
      value: String(p.id),
      label: `${p.name} (${de.roles.student})`,
    })),
  ];
  const filter = (set: (value: string) => void) => (event: ChangeEvent<HTMLSelectElement>) => {
    set(event.target.value);
    list.setPage(1);
  };
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<"" | "export" | "import">("");

  async function exportCsv() {
    if (busy) return;
    setBusy("export");
    try {
      const rows = await fetchAllPages(listRoute, {
        search: list.search,
        sort: list.sort,
      }, params);
      if (rows.length === 0) {
        toast.show(de.list.nothingToExport("Verfügbarkeiten"), "info");
        return;
      }
      const csv = toCsv(
        ["Benutzer", "Benutzername", "Rolle", "Wochentag", "Von", "Bis", "Art"],
        rows.map((r) => [
          userName(r),
          r.username,
          roleName(r.role),
          dayName(r),
          shortTime(r.start_time),
          shortTime(r.end_time),
          typeNames[r.availability_type] ?? r.availability_type,
        ]),
      );
      downloadFile("verfuegbarkeiten.csv", csv);
    } catch {
      toast.show(de.actions.exportFailed, "error");
    } finally {
      setBusy("");
    }
  }

  async function importCsv(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Reset, so choosing the same file again after fixing it still fires a change.
    event.target.value = "";
    if (!file) return;
    if (!file.name.toLowerCase().endsWith(".csv")) {
      toast.show("Bitte wählen Sie eine CSV-Datei (.csv) aus.", "error", 5000);
      return;
    }
    setBusy("import");
    try {
      const form = new FormData();
      form.append("file", file);
      const answer = await call("POST /admin/availabilities/import/", { form });
      toast.show(
        `Import erfolgreich! ${answer.created} Verfügbarkeiten importiert.`,
        "success",
        4000,
      );
      list.reload();
    } catch (error) {
      toast.show(
        error instanceof ApiError && error.status > 0 && error.message
          ? error.message
          : "Fehler beim Import. Bitte überprüfen Sie das CSV-Format.",
        "error",
        5000,
      );
    } finally {
      setBusy("");
    }
  }

  const columns: Column<AvailabilityRow>[] = [
    {
      key: "user",
      header: "Benutzer",
      sortKey: "full_name",
      render: (row) => (
        <div className="cell-stack">
          <strong>{userName(row)}</strong>
          <span className="cell-sub">{row.username}</span>
        </div>
      ),
    },
    {
      key: "role",
      header: "Rolle",
      sortKey: "role",
      render: (row) => (
        <span className={`badge ${row.role === "instructor" ? "badge-primary" : ""}`}>
          {roleName(row.role)}
        </span>
      ),
    },
    { key: "day", header: "Wochentag", sortKey: "day_of_week", render: dayName },
    {
      key: "start",
      header: "Von",
      sortKey: "start_time",
      className: "table-num",
      render: (row) => shortTime(row.start_time),
    },
    {
      key: "end",
      header: "Bis",
      sortKey: "end_time",
      className: "table-num",
      render: (row) => shortTime(row.end_time),
    },
    {
      key: "type",
      header: "Art",
      sortKey: "availability_type",
      render: (row) => typeNames[row.availability_type] ?? row.availability_type,
    },
  ];

  return (
    <ListPage
      title="Verfügbarkeiten"
      description="Wöchentliche Verfügbarkeiten aller Fahrlehrer und Fahrschüler"
      actions={
        <>
          <DropdownMenu
            label={busy === "import"
              ? de.actions.importing
              : busy === "export"
              ? de.actions.exporting
              : de.actions.exportImport}
            items={[
              { label: de.actions.exportCsv, onSelect: exportCsv },
              { label: "CSV-Datei importieren", onSelect: () => fileRef.current?.click() },
            ]}
          />
          <input
            ref={fileRef}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            tabIndex={-1}
            aria-label="CSV-Datei mit Verfügbarkeiten"
            data-testid="availability-import-file"
            onChange={importCsv}
          />
        </>
      }
      list={list}
      search={{
        label: de.list.search("Verfügbarkeiten"),
        placeholder: "Name oder Benutzername suchen...",
      }}
      toolbar={
        <>
          <div className="list-filters">
            <div className="list-filter">
              <label htmlFor={`${filterId}-role`}>Rolle</label>
              <select
                id={`${filterId}-role`}
                className="input"
                value={role}
                onChange={filter((value) => {
                  setRole(value as typeof role);
                  setPerson("");
                })}
              >
                <option value="">Alle Rollen</option>
                <option value="instructor">{de.roles.instructor}</option>
                <option value="student">{de.roles.student}</option>
              </select>
            </div>
            <div className="list-filter">
              <label htmlFor={`${filterId}-person`}>Person</label>
              <select
                id={`${filterId}-person`}
                className="input"
                value={person}
                onChange={filter(setPerson)}
              >
                <option value="">Alle Personen</option>
                {personOptions.map((option) => (
                  <option key={option.value} value={option.value}>{option.label}</option>
                ))}
              </select>
            </div>
            <div className="list-filter">
              <label htmlFor={`${filterId}-weekday`}>Wochentag</label>
              <select
                id={`${filterId}-weekday`}
                className="input"
                value={weekday}
                onChange={filter(setWeekday)}
              >
                <option value="">Alle Wochentage</option>
                {germanWeekdayNames.map((name, i) => (
                  <option key={name} value={String(i + 1)}>{name}</option>
                ))}
              </select>
            </div>
          </div>
          <p className="muted small">
            Import: CSV mit den Spalten <code>username;day_of_week;start_time;end_time</code>
          </p>
        </>
      }
      pagesLabel="Seiten der Verfügbarkeitsliste"
      tableLabel="Verfügbarkeiten"
      columns={columns}
      emptyMessage={de.list.empty("Verfügbarkeiten")}
    />
  );
}
