import { useState } from "react";
import { germanDate } from "../../../../common/german_words.ts";
import { defaultTraining } from "../../../../common/contract/planner_settings.ts";
import { defaultLessonMinutes } from "../../../../common/driving_limits.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { call } from "../../lib/api.ts";
import { type AppointmentFormValues, toPayload, useAppointmentSave } from "./appointment_form.tsx";
import { AppointmentFormDialog } from "./appointment_form_dialog.tsx";

const empty: AppointmentFormValues = {
  appointment_type: "driving_lesson",
  student_id: "",
  instructor_id: "",
  vehicle_id: "",
  transmission_type: "manual",
  date: "",
  start_time: "",
  // A new school's Fahrstunde until the school's own settings are loaded (the dialog then sets
  // the length by type, see AppointmentFormDialog).
  duration_minutes: String(defaultLessonMinutes("driving_lesson", defaultTraining)),
  notes: "",
};

/** 'Termin hinzufügen': an appointment of any type added by hand, checked by the server. */
export function AddAppointmentDialog(
  { onClose, onAdded }: { onClose(): void; onAdded(id: number): void },
) {
  const toast = useToast();
  const [values, setValues] = useState(empty);
  const saving = useAppointmentSave(async (confirmed) => {
    const created = await call("POST /admin/appointments/", {
      body: {
        ...toPayload(values),
        appointment_type: values.appointment_type as "driving_lesson",
        student_id: Number(values.student_id),
        transmission_type: values.transmission_type,
        ...confirmed,
      },
    });
    toast.show(
      `Termin am ${germanDate(created.date)} um ${created.time} hinzugefügt.`,
      "success",
      3000,
    );
    onAdded(created.id);
  });

  return (
    <AppointmentFormDialog
      title="Termin hinzufügen"
      mode="create"
      submitLabel="Termin hinzufügen"
      secondary={{ label: "Abbrechen", onClick: onClose }}
      values={values}
      onValues={setValues}
      saving={saving}
      onClose={onClose}
    />
  );
}
