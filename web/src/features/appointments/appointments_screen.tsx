import type { AppointmentRow } from "../../../../common/contract/appointment_row.ts";
import { transmissionLabel } from "../../../../common/german_words.ts";
import { schoolDay } from "../../../../common/time.ts";
import { useRef, useState } from "react";
import { type Column, type SortState, useServerList } from "../../components/ui/data_table.tsx";
import { useListUrlState } from "../../components/ui/list_url_state.ts";
import { DropdownMenu } from "../../components/ui/dropdown_menu.tsx";
import { ListPage } from "../../components/ui/list_page.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { de } from "../../i18n/de.ts";
import { statusView, weekdayDate } from "./appointment_labels.ts";
import {
  type DateRange,
  DateRangeFilter,
  rangeFromAddress,
  rangeToAddress,
} from "./date_range_filter.tsx";
import {
  appointmentExports,
  downloadAppointmentExport,
  ExportFailed,
  type ExportKind,
  exportRangeNote,
} from "./export_download.ts";
import { MobileSortSelect } from "./mobile_sort_select.tsx";
import { AddAppointmentDialog } from "./add_appointment_dialog.tsx";
import { AppointmentDialog } from "./appointment_dialog.tsx";
import "./appointments.css";

const columns: Column<AppointmentRow>[] = [
  {
    key: "date",
    header: "Datum",
    sortKey: "start_time",
    className: "appointments-date",
    render: (row) => <time dateTime={row.start_time}>{weekdayDate(row.date)}</time>,
  },
  {
    key: "time",
    header: "Uhrzeit",
    sortKey: "time_of_day",
    className: "appointments-time",
    render: (row) => (
      <span>
        {row.time}
        <span className="appointments-until">–{row.end_clock}</span>
      </span>
    ),
  },
  {
    key: "student",
    header: de.roles.student,
    sortKey: "student_name",
    className: "appointments-person",
    render: (row) => <strong>{row.student_name}</strong>,
  },
  {
    key: "instructor",
    header: de.roles.instructor,
    sortKey: "instructor_name",
    className: "appointments-person",
    render: (row) => row.instructor_name,
  },
  {
    key: "type",
    header: "Typ",
    sortKey: "appointment_type",
    render: (row) => row.appointment_type_display || row.type_display,
  },
  {
    key: "vehicle",
    header: "Fahrzeug",
    sortKey: "vehicle",
    render: (row) => row.vehicle ? <span className="appointments-plate">{row.vehicle}</span> : "–",
  },
  {
    key: "transmission",
    header: "Getriebe",
    sortKey: "transmission_type",
    render: (row) => transmissionLabel(row.transmission_type),
  },
  {
    key: "status",
    header: de.list.status,
    sortKey: "status",
    render: (row) => {
      const view = statusView(row.status);
      return <span className={`badge ${view.badge}`}>{view.label}</span>;
    },
  },
];

/** The next lessons first: with 'Ab heute' an office looks for what comes (issue 25, point 6). */
const nextFirst: SortState = { by: "start_time", direction: "asc" };

const appointmentSortKeys = columns.map((c) => c.sortKey).filter((k): k is string => !!k);

/** The spec's page size of the appointments list (spec 01 §9). */
const appointmentPageSize = 50;

/** /appointments: the chronological list of all appointments, with search, sort and exports. */
export default function AppointmentsScreen() {
  const toast = useToast();
  // Search, sort, page and range live in the address: Back and a reload keep them (issue 25,
  // point 6). Issue 11: from today unless the range says otherwise; always sent (empty = open end).
  const state = useListUrlState(nextFirst, appointmentSortKeys);
  const range = rangeFromAddress(state.extra("von"), state.extra("bis"));
  const setRange = (next: DateRange) => state.setExtra(rangeToAddress(next));
  const list = useServerList("GET /admin/appointments/", {
    defaultSort: nextFirst,
    state,
    pageSize: appointmentPageSize,
    params: { from: range.from, to: range.to },
    // Spec 01 §8: a failed load is logged only, and the list becomes empty, without a message.
    clearOnError: true,
    onError: (error) => console.error("Fehler beim Laden der Termine", error),
  });
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const exporting = useRef(false);

  async function runExport(kind: ExportKind) {
    // One export at a time: a second click while the file is built would only download twice.
    if (exporting.current) return;
    exporting.current = true;
    try {
      // What the list shows: its search, range and sort, within at most a year (issue 24).
      const today = schoolDay();
      await downloadAppointmentExport(kind, { search: list.search, sort: list.sort, range }, today);
      const note = exportRangeNote(range, today);
      if (note) toast.show(note, "info");
    } catch (error) {
      console.error(error);
      const reason = error instanceof ExportFailed ? error.reason : null;
      const message = appointmentExports[kind].error;
      toast.show(reason ? `${message}: ${reason}` : message, "error");
    } finally {
      exporting.current = false;
    }
  }

  return (
    <ListPage
      title={de.appointments}
      className="appointments-page"
      description={
        <>
          Chronologische Übersicht aller Fahrstunden
          {(!list.loading || list.total > 0) && (
            <span className="appointments-count">{de.appointmentCount(list.total)}</span>
          )}
        </>
      }
      actions={
        <DropdownMenu
          label="Hinzufügen / Export"
          items={[
            { label: "Termin hinzufügen", onSelect: () => setAdding(true) },
            { label: de.actions.exportExcel, onSelect: () => void runExport("excel") },
            { label: "Wochenplan als PDF exportieren", onSelect: () => void runExport("pdf") },
            { label: "Als iCal-Kalender exportieren", onSelect: () => void runExport("ical") },
          ]}
        />
      }
      list={list}
      search={{
        label: de.list.search(de.appointments),
        placeholder: "Name oder Fahrzeug suchen...",
      }}
      toolbar={
        <>
          <DateRangeFilter
            range={range}
            onChange={setRange}
          />
          <MobileSortSelect sort={list.sort} onSort={list.setSort} />
          {list.totalPages > 1 && (
            <p className="muted small appointments-page-info">
              {de.pagination.pageOf(list.page, list.totalPages)}
            </p>
          )}
        </>
      }
      pagesLabel="Seiten der Terminliste"
      tableLabel={de.appointments}
      columns={columns}
      onRowClick={(row) => setOpenId(row.id)}
      emptyMessage={de.list.empty(de.appointments)}
    >
      {adding && (
        <AddAppointmentDialog
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            list.reload();
          }}
        />
      )}
      {openId !== null && (
        <AppointmentDialog
          appointmentId={openId}
          onClose={() => setOpenId(null)}
          onChanged={list.reload}
        />
      )}
    </ListPage>
  );
}
