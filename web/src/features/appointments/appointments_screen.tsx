import type { AppointmentRow } from "../../../../common/contract/appointment_row.ts";
import { transmissionLabel } from "../../../../common/german_words.ts";
import { useRef, useState } from "react";
import { type Column, DataTable } from "../../components/ui/data_table.tsx";
import { DropdownMenu } from "../../components/ui/dropdown_menu.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { SearchInput } from "../../components/ui/search_input.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { usePageTitle } from "../../lib/page_title.ts";
import { statusView, weekdayDate } from "./appointment_labels.ts";
import {
  appointmentExports,
  downloadAppointmentExport,
  type ExportKind,
} from "./export_download.ts";
import { MobileSortSelect } from "./mobile_sort_select.tsx";
import { PlanningInfoDialog } from "./planning_info_dialog.tsx";
import { useAppointmentList } from "./use_appointment_list.ts";
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
    header: "Fahrschüler",
    sortKey: "student_name",
    className: "appointments-person",
    render: (row) => <strong>{row.student_name}</strong>,
  },
  {
    key: "instructor",
    header: "Fahrlehrer",
    sortKey: "instructor_name",
    className: "appointments-person",
    render: (row) => row.instructor_name,
  },
  {
    key: "type",
    header: "Typ",
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
    header: "Status",
    sortKey: "status",
    render: (row) => {
      const view = statusView(row.status);
      return <span className={`badge ${view.badge}`}>{view.label}</span>;
    },
  },
];

function countText(total: number): string {
  return total === 1 ? "1 Termin" : `${total.toLocaleString("de-DE")} Termine`;
}

/** /appointments: the chronological list of all appointments, with search, sort and exports. */
export default function AppointmentsScreen() {
  usePageTitle("Termine");
  const toast = useToast();
  const list = useAppointmentList();
  const [infoOpen, setInfoOpen] = useState(false);
  const exporting = useRef(false);

  async function runExport(kind: ExportKind) {
    // One export at a time: a second click while the file is built would only download twice.
    if (exporting.current) return;
    exporting.current = true;
    try {
      await downloadAppointmentExport(kind);
    } catch (error) {
      console.error(error);
      toast.show(appointmentExports[kind].error, "error");
    } finally {
      exporting.current = false;
    }
  }

  return (
    <section className="page appointments-page">
      <header className="page-header">
        <div>
          <h1>Termine</h1>
          <p>
            Chronologische Übersicht aller Fahrstunden
            {(!list.loading || list.total > 0) && (
              <span className="appointments-count">{countText(list.total)}</span>
            )}
          </p>
        </div>
        <div className="page-header-actions">
          <DropdownMenu
            label="Hinzufügen / Export"
            items={[
              { label: "Termin hinzufügen", onSelect: () => setInfoOpen(true) },
              { label: "Als Excel exportieren", onSelect: () => void runExport("excel") },
              { label: "Wochenplan als PDF exportieren", onSelect: () => void runExport("pdf") },
              { label: "Als iCal-Kalender exportieren", onSelect: () => void runExport("ical") },
            ]}
          />
        </div>
      </header>
      <div className="toolbar">
        <div className="list-search">
          <SearchInput
            label="Termine suchen"
            placeholder="Name oder Fahrzeug suchen..."
            value={list.search}
            onSearch={list.setSearch}
          />
        </div>
        <MobileSortSelect sort={list.sort} onSort={list.setSort} />
        {list.totalPages > 1 && (
          <p className="muted small appointments-page-info">
            Seite {list.page} von {list.totalPages}
          </p>
        )}
      </div>
      <DataTable
        label="Termine"
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        sort={list.sort}
        onSort={list.setSort}
        loading={list.loading}
        emptyMessage="Keine Termine gefunden"
      />
      <Pagination
        page={list.page}
        totalPages={list.totalPages}
        onPage={list.setPage}
        label="Seiten der Terminliste"
      />
      {infoOpen && <PlanningInfoDialog onClose={() => setInfoOpen(false)} />}
    </section>
  );
}
