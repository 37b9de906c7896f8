import { type FormEvent, useId, useState } from "react";
import { germanDate } from "../../../../common/german_words.ts";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { call } from "../../lib/api.ts";
import {
  AppointmentFields,
  type AppointmentFormValues,
  formObjection,
  SaveProblemAlert,
  toPayload,
  useAppointmentChoices,
  useAppointmentSave,
} from "./appointment_form.tsx";

const empty: AppointmentFormValues = {
  appointment_type: "driving_lesson",
  student_id: "",
  instructor_id: "",
  vehicle_id: "",
  transmission_type: "manual",
  date: "",
  start_time: "",
  duration_minutes: "60",
  notes: "",
};

/** 'Termin hinzufügen': an appointment of any type added by hand, checked by the server. */
export function AddAppointmentDialog(
  { onClose, onAdded }: { onClose(): void; onAdded(id: number): void },
) {
  const formId = useId();
  const toast = useToast();
  const choices = useAppointmentChoices();
  const [values, setValues] = useState(empty);
  const { saving, problem, save, clearProblem } = useAppointmentSave(async (override) => {
    const created = await call("POST /admin/appointments/", {
      body: {
        ...toPayload(values),
        appointment_type: values.appointment_type as "driving_lesson",
        student_id: Number(values.student_id),
        transmission_type: values.transmission_type,
        override_availability: override,
      },
    });
    toast.show(
      `Termin am ${germanDate(created.date)} um ${created.time} hinzugefügt.`,
      "success",
      3000,
    );
    onAdded(created.id);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(false, formObjection("create", values, event.currentTarget as HTMLFormElement));
  }

  return (
    <Modal
      open
      title="Termin hinzufügen"
      size="large"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Abbrechen
          </button>
          <BusyButton type="submit" form={formId} busy={saving} busyLabel="Wird gespeichert...">
            Termin hinzufügen
          </BusyButton>
        </>
      }
    >
      <form id={formId} className="form appointment-form" onSubmit={submit} noValidate>
        <AppointmentFields
          mode="create"
          values={values}
          onChange={(next) => {
            setValues(next);
            clearProblem();
          }}
          choices={choices}
        />
        <SaveProblemAlert problem={problem} saving={saving} onOverride={() => void save(true)} />
      </form>
    </Modal>
  );
}
