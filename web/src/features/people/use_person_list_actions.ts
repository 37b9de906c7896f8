import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fetchAllPages, type ServerList } from "../../components/ui/data_table.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { de } from "../../i18n/de.ts";
import { ApiError, call } from "../../lib/api.ts";
import { downloadFile, toXlsx } from "../../lib/export_files.ts";
import { formatGermanDate } from "../../lib/german_dates.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { displayName, type PersonRow } from "./people_types.ts";
import type { PersonListRole } from "./person_role.ts";

/** The list every people call reads, with the role as a fixed parameter. */
export const peopleListRoute = "GET /admin/users/";

/** Delete or deactivate with the spec's messages, and the .xlsx export of all matching rows. */
export function usePersonListActions<Row extends PersonRow>(
  role: PersonListRole<Row>,
  list: ServerList<Row>,
) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const kind = role.word;

  /** Deletes the person; the dialog (DeletePersonDialog) has asked already. */
  async function remove(row: Row) {
    try {
      const answer = await call("DELETE /admin/users/{id}/delete/", { params: { id: row.id } });
      toast.show(answer.message || `${kind} erfolgreich gelöscht`, "success");
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

  /** Sets the person inactive instead: sign-in and planning end, nothing is deleted. */
  async function deactivate(row: Row) {
    try {
      const answer = await call("POST /admin/users/{id}/deactivate/", { params: { id: row.id } });
      const extra = answer.affected > 0
        ? ` ${answer.affected} künftige Termine sind jetzt als betroffen markiert.`
        : "";
      toast.show(answer.message + extra, "success", extra ? 6000 : undefined);
      list.reload();
      // The dashboard's "Betroffene neu planen" banner now counts the person's future lessons.
      void queryClient.invalidateQueries({ queryKey: queryKeys.affectedAppointments });
      void queryClient.invalidateQueries({ queryKey: queryKeys.people });
    } catch (error) {
      toast.show(
        error instanceof ApiError && error.message
          ? error.message
          : "Das Konto konnte nicht deaktiviert werden.",
        "error",
        5000,
      );
    }
  }

  async function exportList() {
    if (exporting) return;
    setExporting(true);
    try {
      const rows = await fetchAllPages<typeof peopleListRoute, Row>(
        peopleListRoute,
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

  return { remove, deactivate, exportList, exporting };
}
