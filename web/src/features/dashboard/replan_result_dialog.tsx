import { Modal } from "../../components/ui/modal.tsx";
import { SimpleTable } from "../../components/ui/simple_table.tsx";
import type { ReplanOutcome } from "../../../../common/contract/affected.ts";
import { lessonTime } from "./lesson_time.ts";

/** What a finished "Betroffene neu planen" did: every moved lesson and every cancelled one. */
export function ReplanResultDialog(
  { outcome, onClose }: { outcome: ReplanOutcome; onClose(): void },
) {
  const { moved, cancelled } = outcome;
  return (
    <Modal
      open
      title="Ergebnis der Neuplanung"
      size="large"
      onClose={onClose}
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          Schließen
        </button>
      }
    >
      <p>
        {moved.length} {moved.length === 1 ? "Termin wurde" : "Termine wurden"} verlegt,{" "}
        {cancelled.length} {cancelled.length === 1 ? "wurde" : "wurden"} storniert.
      </p>
      {moved.length > 0 && (
        <SimpleTable
          caption="Verlegte Termine"
          labels={["Fahrschüler", "Bisher", "Neu"]}
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
            </tr>
          ))}
        </SimpleTable>
      )}
      {cancelled.length > 0 && (
        <SimpleTable
          caption="Stornierte Termine"
          labels={["Fahrschüler", "Termin", "Grund"]}
          wrapClassName="replan-table-wrap"
          tableClassName="replan-table"
        >
          {cancelled.map((c) => (
            <tr key={c.appointment_id}>
              <td data-label="Fahrschüler">{c.student_name}</td>
              <td data-label="Termin">{lessonTime(c.start)} bei {c.instructor_name}</td>
              <td data-label="Grund">{c.reason}</td>
            </tr>
          ))}
        </SimpleTable>
      )}
    </Modal>
  );
}
