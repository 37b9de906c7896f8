import { type FormEvent, type ReactNode, useId, useState } from "react";
import type { FreeSlot } from "../../../../common/contract/free_slots.ts";
import { FreeSlotList } from "./free_slot_list.tsx";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import {
  AppointmentFields,
  type AppointmentFormValues,
  formObjection,
  SaveProblemAlert,
  useAppointmentChoices,
  type useAppointmentSave,
} from "./appointment_form.tsx";

interface Props {
  title: string;
  mode: "create" | "move";
  submitLabel: string;
  /** the footer's other button: "Abbrechen" when adding, "Zurück" when moving */
  secondary: { label: string; onClick(): void };
  values: AppointmentFormValues;
  onValues(next: AppointmentFormValues): void;
  /** the server save with its 409 handling ('Trotzdem speichern', 'Als Nachtrag speichern') */
  saving: ReturnType<typeof useAppointmentSave>;
  onClose(): void;
  /** shown above the fields, e.g. whose lesson is moved */
  intro?: ReactNode;
  current?: Parameters<typeof AppointmentFields>[0]["current"];
  /** a move: the lesson itself, left out of the free-slot search's collisions */
  appointmentId?: number;
}

/**
 * The dialog around the appointment fields for "Termin hinzufügen" and "Termin verschieben": the
 * client's objection first, then the server's, with the override where the server allows it.
 */
export function AppointmentFormDialog(props: Props) {
  const formId = useId();
  const choices = useAppointmentChoices();
  const { saving, problem, save, clearProblem } = props.saving;
  // Until the office types a length, the free slots have the school's length for the kind (a
  // 90-minute Überlandfahrt); a move keeps its lesson's length.
  const [lengthTyped, setLengthTyped] = useState(props.mode === "move");

  function change(next: AppointmentFormValues) {
    if (next.duration_minutes !== props.values.duration_minutes) setLengthTyped(true);
    props.onValues(next);
    clearProblem();
  }

  function pick(slot: FreeSlot) {
    props.onValues({
      ...props.values,
      instructor_id: String(slot.instructor_id),
      vehicle_id: slot.vehicle_id === null ? "" : String(slot.vehicle_id),
      transmission_type: slot.transmission,
      date: slot.date,
      start_time: slot.start_time,
      duration_minutes: String(slot.duration_minutes),
    });
    clearProblem();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(
      null,
      formObjection(props.mode, props.values, event.currentTarget as HTMLFormElement),
    );
  }

  return (
    <Modal
      open
      title={props.title}
      size="large"
      onClose={props.onClose}
      footer={
        <>
          <button
            type="button"
            className="button button-secondary"
            onClick={props.secondary.onClick}
          >
            {props.secondary.label}
          </button>
          <BusyButton type="submit" form={formId} busy={saving} busyLabel="Wird gespeichert...">
            {props.submitLabel}
          </BusyButton>
        </>
      }
    >
      {props.intro}
      <form id={formId} className="form appointment-form" onSubmit={submit} noValidate>
        <AppointmentFields
          mode={props.mode}
          values={props.values}
          onChange={change}
          choices={choices}
          current={props.current}
        />
        <FreeSlotList
          query={{
            student: props.values.student_id,
            kind: props.values.appointment_type,
            minutes: lengthTyped ? props.values.duration_minutes : "",
            transmission: props.mode === "move" ? props.values.transmission_type : undefined,
            appointment: props.appointmentId,
            from: props.values.date,
          }}
          onPick={pick}
        />
        <SaveProblemAlert
          problem={problem}
          saving={saving}
          onConfirm={(confirm) => void save(confirm)}
        />
      </form>
    </Modal>
  );
}
