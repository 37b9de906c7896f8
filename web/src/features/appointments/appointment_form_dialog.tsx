import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { FreeSlot } from "../../../../common/contract/free_slots.ts";
import { defaultLessonMinutes } from "../../../../common/driving_limits.ts";
import { defaultTraining } from "../../../../common/contract/planner_settings.ts";
import { FreeSlotList } from "./free_slot_list.tsx";
import { useTraining } from "./use_training.ts";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { appointmentFieldErrors, unreadableFieldNames } from "./appointment_form_errors.ts";
import {
  AppointmentFields,
  type AppointmentFormValues,
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
 * client's objections first, then the server's, with the override where the server allows it.
 * Errors by field stand beside their fields, all at once, and the first marked field takes the
 * focus (issue 25, point 14).
 */
export function AppointmentFormDialog(props: Props) {
  const formId = useId();
  const choices = useAppointmentChoices();
  const { saving, problem, fieldErrors, save, clearProblem } = props.saving;
  const formRef = useRef<HTMLFormElement>(null);
  // Until the office types a length, a new lesson has the school's length for its type (a
  // 45-minute Fahrstunde, a 90-minute Überlandfahrt), and so have the free slots; a length typed
  // stays when the type changes, and a move keeps its lesson's length.
  const [lengthTyped, setLengthTyped] = useState(props.mode === "move");
  const training = useTraining(props.mode === "create");

  /** `next` with the type's length, unless the office chose a length. */
  function withTypeLength(next: AppointmentFormValues): AppointmentFormValues {
    if (lengthTyped) return next;
    // Before the settings arrive: a new school's lengths (the effect below corrects them).
    const lengths = training ?? defaultTraining;
    return {
      ...next,
      duration_minutes: String(defaultLessonMinutes(next.appointment_type, lengths)),
    };
  }

  // The school's settings arrive after the dialog opened: the length follows them.
  useEffect(() => {
    const next = withTypeLength(props.values);
    if (next.duration_minutes !== props.values.duration_minutes) props.onValues(next);
  }, [training]);

  // A refused save with marked fields: the first one takes the focus (typing moves no focus, it
  // only clears the box, so `problem` is new exactly when a save was refused).
  useEffect(() => {
    if (!problem || Object.keys(fieldErrors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problem]);

  /** New values; the fields that changed lose their marks. */
  function apply(next: AppointmentFormValues) {
    const keys = Object.keys(next) as (keyof AppointmentFormValues)[];
    props.onValues(next);
    clearProblem(keys.filter((key) => next[key] !== props.values[key]));
  }

  function change(next: AppointmentFormValues) {
    if (next.duration_minutes !== props.values.duration_minutes) {
      setLengthTyped(true);
      apply(next);
    } else if (next.appointment_type !== props.values.appointment_type) {
      apply(withTypeLength(next));
    } else {
      apply(next);
    }
  }

  function pick(slot: FreeSlot) {
    apply({
      ...props.values,
      instructor_id: String(slot.instructor_id),
      vehicle_id: slot.vehicle_id === null ? "" : String(slot.vehicle_id),
      transmission_type: slot.transmission,
      date: slot.date,
      start_time: slot.start_time,
      duration_minutes: String(slot.duration_minutes),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const unreadable = unreadableFieldNames(event.currentTarget as HTMLFormElement);
    const errors = appointmentFieldErrors(props.mode, props.values, unreadable);
    // A date or time field showing text it cannot read already says so beside itself; it counts
    // in the box's number (and blocks the save) with an empty message, so it gets no second one.
    for (const name of unreadable) errors[name] ??= "";
    void save(null, errors);
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
      <form
        ref={formRef}
        id={formId}
        className="form appointment-form"
        onSubmit={submit}
        noValidate
      >
        <AppointmentFields
          mode={props.mode}
          errors={fieldErrors}
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
