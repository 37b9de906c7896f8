import { useState } from "react";
import type { SystemCounts } from "../../../../common/contract/dashboard_stats.ts";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { RadioGroup } from "../../components/ui/form_fields.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../lib/api.ts";

/** The text the admin types before anything is deleted (spec 01 §5). */
export const deleteConfirmation = "Ja, unwiderruflich löschen";

type Target = "appointments" | "students" | "instructors";
type Scope = "all" | "future";

/** "12 Fahrschüler", or the plain word while the counts are not loaded. */
const counted = (n: number | undefined, word: string) =>
  n === undefined ? `alle ${word}` : `alle ${n.toLocaleString("de-DE")} ${word}`;

function question(target: Target, scope: Scope, stats: SystemCounts | null): string {
  if (target === "appointments") {
    return scope === "future"
      ? "Alle zukünftigen Termine werden endgültig gelöscht. Vergangene Termine bleiben erhalten."
      : `Es werden ${counted(stats?.appointments, "Termine")} endgültig gelöscht, auch vergangene.`;
  }
  const people = target === "students"
    ? counted(stats?.students, "Fahrschüler")
    : counted(stats?.instructors, "Fahrlehrer");
  return `Es werden ${people} endgültig gelöscht, mit ihren Terminen, Verfügbarkeiten, ` +
    "Abwesenheiten und Anmeldungen. Administratorkonten bleiben erhalten.";
}

const titles: Record<Target, string> = {
  appointments: "Termine löschen",
  students: "Fahrschüler löschen",
  instructors: "Fahrlehrer löschen",
};

/**
 * "Datenverwaltung" on the dashboard (spec 01 §2): deletes all appointments (or only future
 * ones), all students or all instructors. Every delete first asks for the typed confirmation;
 * the server's sentence with the counts becomes the toast, a failure 'Fehler: ' + message (§8).
 */
export function DataManagementCard(
  { stats, onDeleted }: { stats: SystemCounts | null; onDeleted(): void },
) {
  const confirm = useConfirm();
  const { show } = useToast();
  const [scope, setScope] = useState<Scope>("all");
  const [busy, setBusy] = useState<Target | null>(null);

  async function remove(target: Target) {
    const ok = await confirm({
      title: titles[target],
      message: question(target, scope, stats),
      confirmLabel: "Endgültig löschen",
      variant: "danger",
      typedConfirmation: deleteConfirmation,
    });
    if (!ok) return;
    setBusy(target);
    try {
      const body = target === "appointments"
        ? { delete_all: true as const, only_future: scope === "future" }
        : { delete_all: true as const };
      const { message } = await call(`DELETE /admin/bulk-delete/${target}/` as const, { body });
      show(message, "success", 5000);
    } catch (err) {
      show(`Fehler: ${err instanceof ApiError ? err.message : String(err)}`, "error", 8000);
    } finally {
      setBusy(null);
      // Also after a failure: another admin may have changed the data meanwhile.
      onDeleted();
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
    <section className="card" aria-labelledby="data-management-title" id="datenverwaltung">
      <h2 id="data-management-title" className="card-title">Datenverwaltung</h2>
      <p className="muted">
        Löscht Daten endgültig. Vor jedem Löschen müssen Sie „{deleteConfirmation}“ eingeben.
      </p>
      <div className="data-management">
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
