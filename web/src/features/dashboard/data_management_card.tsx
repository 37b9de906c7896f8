import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { deleteConfirmation } from "../../../../common/contract/admin_data.ts";
import type { SystemCounts } from "../../../../common/contract/dashboard_stats.ts";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { RadioGroup } from "../../components/ui/form_fields.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../lib/api.ts";

type Target = "appointments" | "students" | "instructors" | "test-data";
type Scope = "all" | "future";

/**
 * "Es werden alle 12 Termine", "Es wird 1 Termin", or the plain words while the counts are not
 * loaded; `one` and `many` are the noun's singular and plural.
 */
export function counted(n: number | undefined, one: string, many: string): string {
  if (n === undefined) return `Es werden alle ${many}`;
  if (n === 1) return `Es wird 1 ${one}`;
  return `Es werden ${n === 0 ? "" : "alle "}${n.toLocaleString("de-DE")} ${many}`;
}

export function question(target: Target, scope: Scope, stats: SystemCounts | null): string {
  if (target === "test-data") {
    return "Es werden nur die Fahrlehrer und Fahrschüler aus dem Testdaten-Paket endgültig " +
      "gelöscht, mit ihren Terminen. Ihre echten Fahrlehrer und Fahrschüler bleiben erhalten.";
  }
  if (target === "appointments") {
    return scope === "future"
      ? `${
        counted(stats?.appointments_future, "zukünftiger Termin", "zukünftigen Termine")
      } endgültig gelöscht. Vergangene Termine bleiben erhalten.`
      : `${
        counted(stats?.appointments_stored, "Termin", "Termine")
      } endgültig gelöscht, auch vergangene und abgesagte.`;
  }
  const people = target === "students"
    ? counted(stats?.students, "Fahrschüler", "Fahrschüler")
    : counted(stats?.instructors, "Fahrlehrer", "Fahrlehrer");
  return `${people} endgültig gelöscht, mit ihren Terminen, Verfügbarkeiten, ` +
    "Abwesenheiten und Anmeldungen. Administratorkonten bleiben erhalten.";
}

const titles: Record<Target, string> = {
  appointments: "Termine löschen",
  students: "Fahrschüler löschen",
  instructors: "Fahrlehrer löschen",
  "test-data": "Testdaten entfernen",
};

/**
 * "Datenverwaltung" on the dashboard (spec 01 §2): deletes all appointments (or only future
 * ones), all students or all instructors, or only the test-data package's people (the admin
 * tour's clean-up, which leaves real people alone). Every delete first asks for the typed confirmation;
 * the server's sentence with the counts becomes the toast, a failure 'Fehler: ' + message (§8).
 */
export function DataManagementCard(
  { stats, onDeleted }: { stats: SystemCounts | null; onDeleted(): void },
) {
  const confirm = useConfirm();
  const { show } = useToast();
  const [scope, setScope] = useState<Scope>("all");
  const bulkDelete = useMutation({
    mutationFn: (target: Target) => {
      if (target === "test-data") {
        return call("DELETE /admin/bulk-delete/test-data/", {
          body: { confirmation: deleteConfirmation },
        });
      }
      const body = target === "appointments"
        ? {
          delete_all: true,
          confirmation: deleteConfirmation,
          only_future: scope === "future",
        } as const
        : { delete_all: true, confirmation: deleteConfirmation } as const;
      return call(`DELETE /admin/bulk-delete/${target}/` as const, { body });
    },
    // Also after a failure: another admin may have changed the data meanwhile.
    onSettled: () => onDeleted(),
  });
  const busy = bulkDelete.isPending ? bulkDelete.variables : null;

  async function remove(target: Target) {
    const ok = await confirm({
      title: titles[target],
      message: question(target, scope, stats),
      confirmLabel: "Endgültig löschen",
      variant: "danger",
      typedConfirmation: deleteConfirmation,
    });
    if (!ok) return;
    try {
      const { message } = await bulkDelete.mutateAsync(target);
      show(message, "success", 5000);
    } catch (err) {
      show(`Fehler: ${err instanceof ApiError ? err.message : String(err)}`, "error", 8000);
    }
  }

  const action = (target: Target, label: string) => (
    <BusyButton
      className="button button-danger"
      busy={busy === target}
      busyLabel="Wird gelöscht …"
      disabled={busy !== null}
      onClick={() => void remove(target)}
    >
      {label}
    </BusyButton>
  );

  return (
    <section
      className="card"
      aria-labelledby="data-management-title"
      id="datenverwaltung"
      data-tutorial="data-management"
    >
      <h2 id="data-management-title" className="card-title">Datenverwaltung</h2>
      <p className="muted">
        Löscht Daten endgültig. Vor jedem Löschen müssen Sie „{deleteConfirmation}“ eingeben.
      </p>
      <div className="data-management">
        <div className="data-management-row" data-row="testdaten" data-tutorial="test-data-removal">
          <div>
            <h3>Testdaten</h3>
            <p className="muted">
              Nur die Personen aus dem Testdaten-Paket, mit ihren Terminen. Echte Daten bleiben.
            </p>
          </div>
          {action("test-data", "Testdaten entfernen")}
        </div>
        <div className="data-management-row">
          <div>
            <h3>Termine</h3>
            <RadioGroup
              legend="Welche Termine?"
              name="delete-appointments-scope"
              value={scope}
              onChange={(value) => setScope(value as Scope)}
              options={[
                { value: "all", label: "Alle Termine" },
                { value: "future", label: "Nur zukünftige Termine" },
              ]}
              disabled={busy !== null}
            />
          </div>
          {action("appointments", "Termine löschen")}
        </div>
        <div className="data-management-row">
          <div>
            <h3>Fahrschüler</h3>
            <p className="muted">Mit ihren Terminen, Verfügbarkeiten und Abwesenheiten.</p>
          </div>
          {action("students", "Fahrschüler löschen")}
        </div>
        <div className="data-management-row">
          <div>
            <h3>Fahrlehrer</h3>
            <p className="muted">Mit ihren Terminen, Arbeitszeiten und Abwesenheiten.</p>
          </div>
          {action("instructors", "Fahrlehrer löschen")}
        </div>
      </div>
    </section>
  );
}
