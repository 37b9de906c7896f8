import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Modal } from "../../components/ui/modal.tsx";
import { SimpleTable } from "../../components/ui/simple_table.tsx";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import type { ReplanOutcome } from "../../../../common/contract/affected.ts";
import { ApiError, call } from "../../lib/api.ts";
import { lessonTime } from "./lesson_time.ts";
import "./planner.css";

/**
 * What a finished "Betroffene neu planen" proposes (issue 25, point 3): every move and every
 * cancellation, each with "übernehmen" ticked; the office unticks what it does not want and
 * writes the rest with "Vorschlag übernehmen". Nothing changes before. After that, or for a run
 * that was written already, the dialog shows what was done.
 */
export function ReplanResultDialog(
  { outcome, jobId, onAccepted, onClose }: {
    outcome: ReplanOutcome;
    jobId?: number | null;
    onAccepted?(): void;
    onClose(): void;
  },
) {
  const [done, setDone] = useState<ReplanOutcome | null>(outcome.proposed ? null : outcome);
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  const accept = useMutation({
    mutationFn: () =>
      call("POST /admin/replan-affected/{id}/accept/", {
        params: { id: jobId ?? 0 },
        body: { exclude: [...excluded] },
      }),
    onSuccess: (written) => {
      setDone(written);
      onAccepted?.();
    },
  });
  const shown = done ?? outcome;
  const { moved, cancelled } = shown;
  const proposing = !done;
  const toggle = (id: number) =>
    setExcluded((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const take = (id: number) =>
    proposing && (
      <td data-label="Übernehmen">
        <label className="replan-take">
          <input type="checkbox" checked={!excluded.has(id)} onChange={() => toggle(id)} />
          übernehmen
        </label>
      </td>
    );
  const kept = moved.length + cancelled.length - excluded.size;
  return (
    <Modal
      open
      title={proposing ? "Vorschlag der Neuplanung" : "Ergebnis der Neuplanung"}
      size="large"
      onClose={onClose}
      footer={proposing
        ? (
          <>
            <button type="button" className="button button-secondary" onClick={onClose}>
              Verwerfen
            </button>
            <BusyButton
              type="button"
              busy={accept.isPending}
              busyLabel="Wird übernommen..."
              disabled={accept.isPending || kept === 0 || !jobId}
              onClick={() => accept.mutate()}
            >
              Vorschlag übernehmen
            </BusyButton>
          </>
        )
        : (
          <button type="button" className="button button-primary" onClick={onClose}>
            Schließen
          </button>
        )}
    >
      {proposing
        ? (
          <p>
            Noch ist nichts geändert. Vorgeschlagen: {moved.length}{" "}
            {moved.length === 1 ? "Termin" : "Termine"} verlegen, {cancelled.length}{" "}
            stornieren. Was nicht übernommen wird, bleibt unverändert und weiter betroffen.
          </p>
        )
        : (
          <p>
            {moved.length} {moved.length === 1 ? "Termin wurde" : "Termine wurden"} verlegt,{" "}
            {cancelled.length} {cancelled.length === 1 ? "wurde" : "wurden"} storniert.
          </p>
        )}
      {accept.isError && (
        <p className="alert alert-error" role="alert">
          {accept.error instanceof ApiError && accept.error.message
            ? accept.error.message
            : "Der Vorschlag konnte nicht übernommen werden."}
        </p>
      )}
      {moved.length > 0 && (
        <SimpleTable
          caption={proposing ? "Zu verlegende Termine" : "Verlegte Termine"}
          labels={["Fahrschüler", "Bisher", "Neu", ...(proposing ? ["Übernehmen"] : [])]}
          wrapClassName="replan-table-wrap"
          tableClassName="replan-table"
        >
          {moved.map((m) => (
            <tr key={m.appointment_id}>
              <td data-label="Fahrschüler">{m.student_name}</td>
              <td data-label="Bisher">
                {lessonTime(m.old_start)} bei {m.old_instructor_name}
              </td>
              <td data-label="Neu">
                {lessonTime(m.new_start)} bei {m.new_instructor_name}
              </td>
              {take(m.appointment_id)}
            </tr>
          ))}
        </SimpleTable>
      )}
      {cancelled.length > 0 && (
        <SimpleTable
          caption={proposing ? "Zu stornierende Termine" : "Stornierte Termine"}
          labels={["Fahrschüler", "Termin", "Grund", ...(proposing ? ["Übernehmen"] : [])]}
          wrapClassName="replan-table-wrap"
          tableClassName="replan-table"
        >
          {cancelled.map((c) => (
            <tr key={c.appointment_id}>
              <td data-label="Fahrschüler">{c.student_name}</td>
              <td data-label="Termin">{lessonTime(c.start)} bei {c.instructor_name}</td>
              <td data-label="Grund">{c.reason}</td>
              {take(c.appointment_id)}
            </tr>
          ))}
        </SimpleTable>
      )}
    </Modal>
  );
}
