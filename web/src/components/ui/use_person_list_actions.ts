import { useState } from "react";
import { api, ApiError } from "../../lib/api.ts";
import { downloadFile, type ExportCell, toXlsx } from "../../lib/export_files.ts";
import { useConfirm } from "./confirm_dialog.tsx";
import { fetchAllPages, type ServerList } from "./data_table.tsx";
import { useToast } from "./toast.tsx";

interface PersonListOptions<Row> {
  /** 'Fahrlehrer' or 'Fahrschüler': the word in every message (spec 02 §8) */
  kind: "Fahrlehrer" | "Fahrschüler";
  list: ServerList<Row>;
  listPath: string;
  params: Record<string, string>;
  displayName(row: Row): string;
  exportFile: string;
  exportHeaders: string[];
  exportRow(row: Row): ExportCell[];
}

/** Delete with the spec's confirmation and messages, and the .xlsx export of all matching rows. */
export function usePersonListActions<Row extends { id: number }>(options: PersonListOptions<Row>) {
  const toast = useToast();
  const confirm = useConfirm();
  const [exporting, setExporting] = useState(false);
  const { kind, list } = options;

  async function remove(row: Row) {
    const ok = await confirm({
      title: `${kind} löschen`,
      message: `Möchten Sie ${options.displayName(row)} wirklich löschen?`,
      confirmLabel: "Löschen",
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
        options.listPath,
        { search: list.search, sort: list.sort },
        options.params,
      );
      if (rows.length === 0) {
        toast.show(`Keine ${kind} zum Exportieren vorhanden`, "info");
        return;
      }
      const blob = await toXlsx(kind, options.exportHeaders, rows.map(options.exportRow));
      downloadFile(options.exportFile, blob);
      toast.show(`${rows.length} ${kind} exportiert.`, "success");
    } catch {
      toast.show("Export fehlgeschlagen. Bitte versuchen Sie es erneut.", "error");
    } finally {
      setExporting(false);
    }
  }

  return { remove, exportList, exporting };
}
