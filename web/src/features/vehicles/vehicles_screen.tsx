import { transmissionLabel } from "../../../../common/german_words.ts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type Column, type SortState } from "../../components/ui/data_table.tsx";
import { DropdownMenu } from "../../components/ui/dropdown_menu.tsx";
import { ListPage } from "../../components/ui/list_page.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { de } from "../../i18n/de.ts";
import { call } from "../../lib/api.ts";
import type { VehicleRow } from "../../lib/api_types.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { downloadFile, toCsv } from "../../lib/export_files.ts";
import { DeleteVehicleDialog } from "./delete_vehicle_dialog.tsx";
import { VehicleDialog } from "./vehicle_dialog.tsx";

/** /vehicles: the fleet with its appointment counts; add a vehicle, export as CSV. */
export default function VehiclesScreen() {
  const toast = useToast();
  const toastRef = useRef(toast);
  toastRef.current = toast;
  const [sort, setSort] = useState<SortState>({ by: "name", direction: "asc" });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<VehicleRow | null>(null);
  const [deleting, setDeleting] = useState<VehicleRow | null>(null);
  const list = useQuery({
    queryKey: [...queryKeys.vehicles, sort],
    queryFn: ({ signal }) =>
      call("GET /admin/vehicles/", {
        query: { sort_by: sort.by, sort_direction: sort.direction },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.results ?? [];
  const loading = list.isFetching;
  // The screen says so once per failed load (after the library's retries).
  const { error, errorUpdatedAt } = list;
  useEffect(() => {
    if (error) toastRef.current.show(de.list.loadFailed, "error");
  }, [error, errorUpdatedAt]);

  function exportCsv() {
    if (rows.length === 0) {
      toast.show(de.list.nothingToExport("Fahrzeuge"), "info");
      return;
    }
    const csv = toCsv(
      ["Fahrzeug", "Getriebe", de.appointments],
      rows.map((r) => [r.name, transmissionLabel(r.transmission), r.appointment_count]),
    );
    downloadFile("fahrzeuge.csv", csv);
  }

  const columns: Column<VehicleRow>[] = [
    {
      key: "name",
      header: "Fahrzeug",
      sortKey: "name",
      render: (row) => <strong className="plate">{row.name}</strong>,
    },
    {
      key: "transmission",
      header: "Getriebe",
      render: (row) => (
        <span className={`badge ${row.transmission === "automatic" ? "badge-primary" : ""}`}>
          {transmissionLabel(row.transmission)}
        </span>
      ),
    },
    {
      key: "count",
      header: de.appointments,
      sortKey: "appointment_count",
      className: "table-num",
      render: (row) => row.appointment_count,
    },
    {
      key: "actions",
      header: "Aktionen",
      className: "table-actions",
      render: (row) => (
        <>
          <button
            type="button"
            className="button button-ghost button-small"
            aria-label={`Fahrzeug ${row.name} bearbeiten`}
            onClick={() => setEditing(row)}
          >
            Bearbeiten
          </button>
          <button
            type="button"
            className="button button-ghost button-small"
            aria-label={`Fahrzeug ${row.name} löschen`}
            onClick={() => setDeleting(row)}
          >
            Löschen
          </button>
        </>
      ),
    },
  ];

  return (
    <ListPage
      title="Fahrzeuge"
      description={loading ? "\u00a0" : `${rows.length} Fahrzeuge im Fuhrpark`}
      actions={
        <>
          <DropdownMenu
            label={de.actions.exportImport}
            items={[
              { label: de.actions.exportCsv, onSelect: exportCsv },
              {
                label: "Fahrzeuge importieren",
                onSelect: () =>
                  toast.show(
                    "Der Import von Fahrzeugen ist in Vorbereitung. Bitte legen Sie Fahrzeuge vorerst einzeln an.",
                    "info",
                    6000,
                  ),
              },
            ]}
          />
          <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
            + Fahrzeug hinzufügen
          </button>
        </>
      }
      list={{ rows, loading, sort, setSort }}
      tableLabel="Fahrzeuge"
      columns={columns}
      emptyMessage={de.list.empty("Fahrzeuge")}
    >
      {(adding || editing) && (
        <VehicleDialog
          vehicle={editing ?? undefined}
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
          onSaved={() => {
            setAdding(false);
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <DeleteVehicleDialog
          vehicle={deleting}
          others={rows.filter((row) => row.id !== deleting.id)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
          }}
        />
      )}
    </ListPage>
  );
}
