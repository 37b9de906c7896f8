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
import { hasUnreadableField, unreadableFieldMessage } from "../../components/ui/typed_field.tsx";
import { ApiError, call } from "../../lib/api.ts";
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
  { mode, values, onChange, choices, current }: AppointmentFieldsProps,
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
            value={values.appointment_type}
            onChange={(v) => set({ appointment_type: v })}
            options={typeOptions}
          />
          <StudentPicker
            students={choices?.students ?? []}
            value={values.student_id}
            onChange={(v) => set({ student_id: v })}
          />
        </>
      )}
      <DateField label="Datum" required value={values.date} onChange={(v) => set({ date: v })} />
      <TimeField
        label="Uhrzeit"
        required
        value={values.start_time}
        onChange={(v) => set({ start_time: v })}
      />
      <TextField
        label="Dauer (Minuten)"
        type="number"
        required
        min={15}
        value={values.duration_minutes}
        onChange={(v) => set({ duration_minutes: v })}
      />
      <SelectField
        label="Fahrlehrer"
        required
        placeholder={mode === "create"}
        value={values.instructor_id}
        onChange={(v) => set({ instructor_id: v })}
        options={instructors}
      />
      <SelectField
        label="Fahrzeug"
        value={values.vehicle_id}
        onChange={pickVehicle}
        options={vehicles}
      />
      {mode === "create" && (
        <SelectField
          label="Getriebe"
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
        className="appointment-form-wide"
        value={values.notes}
        onChange={(v) => set({ notes: v })}
      />
    </div>
  );
}

/**
 * The client's objection to the values ('' when they may be sent); the server checks again.
 * `form` is the form being sent: a date or time field still showing text it cannot read
 * ('31.02.2026', '25:00') keeps its last valid value, so sending now would save something other
 * than what the screen shows (a 'move' to the old date, reported as done).
 */
export function formObjection(
  mode: "create" | "move",
  values: AppointmentFormValues,
  form?: HTMLFormElement,
): string {
  if (form && hasUnreadableField(form)) return unreadableFieldMessage;
  if (mode === "create" && !values.student_id) return "Bitte einen Fahrschüler wählen.";
  if (!values.instructor_id) return "Bitte einen Fahrlehrer wählen.";
  if (!values.date) return "Bitte ein gültiges Datum angeben.";
  if (!values.start_time) return "Bitte eine Uhrzeit angeben.";
  const minutes = Number(values.duration_minutes);
  if (!Number.isInteger(minutes) || minutes < 15 || minutes > 600) {
    return "Bitte eine Dauer zwischen 15 und 600 Minuten angeben.";
  }
  return "";
}

/** The active people and vehicles for the pickers, loaded again for each open form. */
export function useAppointmentChoices(): AppointmentChoices | null {
  const { data } = useQuery({
    queryKey: [...queryKeys.appointments, "choices"],
    queryFn: ({ signal }) =>
      call("GET /admin/appointments/choices/", { signal }).catch((error) => {
        console.error("Fehler beim Laden der Auswahllisten", error);
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
      setProblem({ message, confirm });
    },
  });

  async function save(confirm: keyof SaveConfirmations | null, objection = "") {
    if (mutation.isPending) return;
    if (objection) {
      setProblem({ message: objection, confirm: null });
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
    save,
    clearProblem: () => {
      setProblem(null);
      setConfirmed(nothingConfirmed);
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
