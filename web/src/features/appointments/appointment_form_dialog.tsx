import { type FormEvent, type ReactNode, useId } from "react";
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
  /** the server save with its 409 handling ('Trotzdem speichern') */
  saving: ReturnType<typeof useAppointmentSave>;
  onClose(): void;
  /** shown above the fields, e.g. whose lesson is moved */
  intro?: ReactNode;
  current?: Parameters<typeof AppointmentFields>[0]["current"];
}

/**
 * The dialog around the appointment fields for "Termin hinzufügen" and "Termin verschieben": the
 * client's objection first, then the server's, with the override where the server allows it.
 */
export function AppointmentFormDialog(props: Props) {
  const formId = useId();
  const choices = useAppointmentChoices();
  const { saving, problem, save, clearProblem } = props.saving;

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(
      false,
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
          onChange={(next) => {
            props.onValues(next);
            clearProblem();
          }}
          choices={choices}
          current={props.current}
        />
        <SaveProblemAlert problem={problem} saving={saving} onOverride={() => void save(true)} />
      </form>
    </Modal>
  );
}
