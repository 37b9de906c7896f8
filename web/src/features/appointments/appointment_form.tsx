import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AppointmentChoices } from "../../../../common/contract/appointment_detail.ts";
import {
  appointmentTypeLabels,
  appointmentTypes,
  transmissionLabel,
} from "../../../../common/german_words.ts";
import {
  DateField,
  type Option,
  SelectField,
  TextAreaField,
  TextField,
  TimeField,
} from "../../components/ui/form_fields.tsx";
import { ApiError, call } from "../../lib/api.ts";
import {
  type FieldErrors,
  markedFieldsSummary,
  serverFieldErrors,
} from "../../lib/field_errors.ts";
import { appointmentsChanged, queryKeys } from "../../lib/query_keys.ts";
import { StudentPicker } from "./student_picker.tsx";

/** What the add and move forms edit; ids as the selects hold them ('' = none chosen). */
export interface AppointmentFormValues {
  appointment_type: string;
  student_id: string;
  instructor_id: string;
  vehicle_id: string;
  transmission_type: "manual" | "automatic";
  date: string;
  start_time: string;
  duration_minutes: string;
  notes: string;
}

/** A person or vehicle the appointment already names, offered even when no longer active. */
interface Known {
  id: number;
  name: string;
}

interface AppointmentFieldsProps {
  /** create: everything; move: date, time, length, instructor, vehicle and notes */
  mode: "create" | "move";
  values: AppointmentFormValues;
  onChange(values: AppointmentFormValues): void;
  choices: AppointmentChoices | null;
  /** the appointment's own instructor and vehicle (move), kept in the lists */
  current?: { instructor?: Known; vehicle?: Known | null };
  /** the errors by the payload's field names, each shown beside its field */
  errors?: FieldErrors;
}

const typeOptions: Option[] = appointmentTypes.map((type) => ({
  value: type,
  label: appointmentTypeLabels[type],
}));

function withCurrent(options: Option[], known?: Known | null): Option[] {
  if (!known || options.some((o) => o.value === String(known.id))) return options;
  return [{ value: String(known.id), label: known.name }, ...options];
}

/** The fields of the add and move forms. */
export function AppointmentFields(
  { mode, values, onChange, choices, current, errors = {} }: AppointmentFieldsProps,
) {
  const set = (change: Partial<AppointmentFormValues>) => onChange({ ...values, ...change });
  const instructors = withCurrent(
    (choices?.instructors ?? []).map((i) => ({
      value: String(i.id),
      label: `${i.name} (${i.transmission_types.map(transmissionLabel).join(", ") || "–"})`,
    })),
    current?.instructor,
  );
  const vehicles = [
    { value: "", label: "Kein Fahrzeug" },
    ...withCurrent(
      (choices?.vehicles ?? []).map((v) => ({
        value: String(v.id),
        label: `${v.name} (${transmissionLabel(v.transmission)})`,
      })),
      current?.vehicle,
    ),
  ];

  function pickVehicle(id: string) {
    // The lesson's transmission follows the chosen car; a different one would be refused anyway.
    const vehicle = choices?.vehicles.find((v) => String(v.id) === id);
    set({
      vehicle_id: id,
      ...(vehicle && mode === "create" ? { transmission_type: vehicle.transmission } : {}),
    });
  }

  return (
    <div className="appointment-form-grid">
      {mode === "create" && (
        <>
          <SelectField
            label="Terminart"
            required
            name="appointment_type"
            error={errors.appointment_type}
            value={values.appointment_type}
            onChange={(v) => set({ appointment_type: v })}
            options={typeOptions}
          />
          <StudentPicker
            students={choices?.students ?? []}
            value={values.student_id}
            onChange={(v) => set({ student_id: v })}
            error={errors.student_id}
          />
        </>
      )}
      <DateField
        label="Datum"
        name="date"
        required
        error={errors.date}
        value={values.date}
        onChange={(v) => set({ date: v })}
      />
      <TimeField
        label="Uhrzeit"
        name="start_time"
        required
        error={errors.start_time}
        value={values.start_time}
        onChange={(v) => set({ start_time: v })}
      />
      <TextField
        label="Dauer (Minuten)"
        name="duration_minutes"
        error={errors.duration_minutes}
        type="number"
        required
        min={15}
        value={values.duration_minutes}
        onChange={(v) => set({ duration_minutes: v })}
      />
      <SelectField
        label="Fahrlehrer"
        name="instructor_id"
        error={errors.instructor_id}
        required
        placeholder={mode === "create"}
        value={values.instructor_id}
        onChange={(v) => set({ instructor_id: v })}
        options={instructors}
      />
      <SelectField
        label="Fahrzeug"
        name="vehicle_id"
        error={errors.vehicle_id}
        value={values.vehicle_id}
        onChange={pickVehicle}
        options={vehicles}
      />
      {mode === "create" && (
        <SelectField
          label="Getriebe"
          name="transmission_type"
          error={errors.transmission_type}
          required
          value={values.transmission_type}
          onChange={(v) =>
            set({ transmission_type: v as AppointmentFormValues["transmission_type"] })}
          options={[
            { value: "manual", label: transmissionLabel("manual") },
            { value: "automatic", label: transmissionLabel("automatic") },
          ]}
        />
      )}
      <TextAreaField
        label="Notizen"
        name="notes"
        error={errors.notes}
        className="appointment-form-wide"
        value={values.notes}
        onChange={(v) => set({ notes: v })}
      />
    </div>
  );
}

/** The active people and vehicles for the pickers, loaded again for each open form. */
export function useAppointmentChoices(): AppointmentChoices | null {
  const { data } = useQuery({
    queryKey: [...queryKeys.appointments, "choices"],
    queryFn: ({ signal }) =>
      call("GET /admin/appointments/choices/", { signal }).catch((error) => {
        // Closing the dialog aborts the load: that is no error, and the console stays quiet.
        if (!signal.aborted) console.error("Fehler beim Laden der Auswahllisten", error);
        throw error;
      }),
  });
  return data ?? null;
}

/** What the admin has confirmed for this save: 'Trotzdem speichern', 'Als Nachtrag speichern'. */
export interface SaveConfirmations {
  override_availability: boolean;
  backfill: boolean;
}

/**
 * Why the server refused a save, and what the admin may confirm: an availability conflict
 * ('Trotzdem speichern') or a lesson in the past ('Als Nachtrag speichern', issue 25, point 1).
 */
export interface SaveProblem {
  message: string;
  confirm: keyof SaveConfirmations | null;
}

const nothingConfirmed: SaveConfirmations = { override_availability: false, backfill: false };

/**
 * Saving with the server's conflict check: a 409 keeps the form open with the server's German
 * sentence; an availability conflict offers the override, a time in the past the Nachtrag. A
 * confirmation holds until the values change, so a Nachtrag that then meets a conflict keeps it.
 */
export function useAppointmentSave(send: (confirmed: SaveConfirmations) => Promise<void>) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [confirmed, setConfirmed] = useState(nothingConfirmed);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: () => appointmentsChanged(queryClient),
    onError: (error) => {
      const message = error instanceof ApiError && error.message
        ? error.message
        : "Der Termin konnte nicht gespeichert werden.";
      const code = error instanceof ApiError ? error.code : "";
      const confirm = code === "availability_conflict"
        ? "override_availability"
        : code === "past_appointment"
        ? "backfill"
        : null;
      // A refused field stands beside itself; several: the box says how many (issue 25).
      const fields = serverFieldErrors(error);
      setFieldErrors(fields);
      const several = Object.keys(fields).length > 1;
      setProblem({ message: several ? markedFieldsSummary(fields) : message, confirm });
    },
  });

  /**
   * `objection`: the screen's errors by field (every one at once), or a sentence about the
   * whole form; {} or '' when the values may be sent.
   */
  async function save(
    confirm: keyof SaveConfirmations | null,
    objection: FieldErrors | string = {},
  ) {
    if (mutation.isPending) return;
    const fields = typeof objection === "string" ? {} : objection;
    const message = typeof objection === "string" ? objection : markedFieldsSummary(objection);
    setFieldErrors(fields);
    if (message) {
      setProblem({ message, confirm: null });
      return;
    }
    const next = confirm ? { ...confirmed, [confirm]: true } : confirmed;
    setConfirmed(next);
    setProblem(null);
    await mutation.mutateAsync(next).catch(() => {/* shown as the problem */});
  }

  return {
    saving: mutation.isPending,
    problem,
    fieldErrors,
    save,
    /** after a change: the box goes, and so do the marks of the `changed` fields */
    clearProblem: (changed: readonly string[] = []) => {
      setProblem(null);
      setConfirmed(nothingConfirmed);
      setFieldErrors((errors) => {
        if (!changed.some((key) => key in errors)) return errors;
        const rest = { ...errors };
        for (const key of changed) delete rest[key];
        return rest;
      });
    },
  };
}

const confirmLabels: Record<keyof SaveConfirmations, string> = {
  override_availability: "Trotzdem speichern",
  backfill: "Als Nachtrag speichern",
};

/** The server's refusal, with the confirmation the admin may give ('Trotzdem speichern', …). */
export function SaveProblemAlert(
  { problem, saving, onConfirm }: {
    problem: SaveProblem | null;
    saving: boolean;
    onConfirm(confirm: keyof SaveConfirmations): void;
  },
) {
  if (!problem) return null;
  const { confirm } = problem;
  return (
    <div
      className={`alert ${confirm ? "alert-warning" : "alert-error"} appointment-problem`}
      role="alert"
    >
      <p>{problem.message}</p>
      {confirm && (
        <button
          type="button"
          className="button button-warning button-small"
          disabled={saving}
          onClick={() => onConfirm(confirm)}
        >
          {confirmLabels[confirm]}
        </button>
      )}
    </div>
  );
}

/** The values as the API takes them. */
export function toPayload(values: AppointmentFormValues) {
  return {
    date: values.date,
    start_time: values.start_time,
    duration_minutes: Number(values.duration_minutes),
    instructor_id: Number(values.instructor_id),
    vehicle_id: values.vehicle_id ? Number(values.vehicle_id) : null,
    notes: values.notes,
  };
}
