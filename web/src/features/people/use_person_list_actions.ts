import { useState } from "react";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { fetchAllPages, type ServerList } from "../../components/ui/data_table.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { de } from "../../i18n/de.ts";
import { api, ApiError } from "../../lib/api.ts";
import { downloadFile, toXlsx } from "../../lib/export_files.ts";
import { formatGermanDate } from "../../lib/german_dates.ts";
import { displayName, type PersonRow } from "./people_types.ts";
import type { PersonListRole } from "./person_role.ts";

/** The list every people call reads, with the role as a fixed parameter. */
export const peopleListPath = "/admin/users/";

/** Delete with the spec's confirmation and messages, and the .xlsx export of all matching rows. */
export function usePersonListActions<Row extends PersonRow>(
  role: PersonListRole<Row>,
  list: ServerList<Row>,
) {
  const toast = useToast();
  const confirm = useConfirm();
  const [exporting, setExporting] = useState(false);
  const kind = role.word;

  async function remove(row: Row) {
    const ok = await confirm({
      title: `${kind} löschen`,
      message: `Möchten Sie ${displayName(row)} wirklich löschen?`,
      confirmLabel: de.actions.delete,
      variant: "danger",
    });
    if (!ok) return;
    try {
      const answer = await api.delete<{ message?: string }>(`/admin/users/${row.id}/delete/`);
      toast.show(answer?.message || `${kind} erfolgreich gelöscht`, "success");
      list.reload();
    } catch (error) {
      toast.show(
        error instanceof ApiError && error.message
          ? `Fehler beim Löschen: ${error.message}`
          : "Löschen fehlgeschlagen",
        "error",
        5000,
      );
    }
  }

  async function exportList() {
    if (exporting) return;
    setExporting(true);
    try {
      const rows = await fetchAllPages<Row>(
        peopleListPath,
        { search: list.search, sort: list.sort },
        { role: role.role },
      );
      if (rows.length === 0) {
        toast.show(de.list.nothingToExport(kind), "info");
        return;
      }
      const extra = role.exportColumns;
      const blob = await toXlsx(
        kind,
        ["Benutzername", "Name", "E-Mail", ...extra.map((c) => c.header), "Status", "Beigetreten"],
        rows.map((r) => [
          r.username,
          displayName(r),
          r.email,
          ...extra.map((c) => c.cell(r)),
          r.is_active ? de.list.active : de.list.inactive,
          formatGermanDate(r.date_joined),
        ]),
      );
      downloadFile(role.exportFile, blob);
      toast.show(`${rows.length} ${kind} exportiert.`, "success");
    } catch {
      toast.show(de.actions.exportFailed, "error");
    } finally {
      setExporting(false);
    }
  }

  return { remove, exportList, exporting };
}
