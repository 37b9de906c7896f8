import type { FieldErrors } from "../../lib/field_errors.ts";
import type { AppointmentFormValues } from "./appointment_form.tsx";

/**
 * Every objection the screen has to the add or move form's values, by the payload's field names,
 * all at once (issue 25, point 14: one sentence per save hid the others); {} when they may be
 * sent. The server checks again. `unreadable` names the date or time fields that show text they
 * cannot read ('31.02.2026'): they already say so beside themselves, so they get no second message.
 */
export function appointmentFieldErrors(
  mode: "create" | "move",
  values: AppointmentFormValues,
  unreadable: readonly string[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  if (mode === "create" && !values.student_id) {
    errors.student_id = "Bitte einen Fahrschüler wählen.";
  }
  if (!values.date && !unreadable.includes("date")) {
    errors.date = "Bitte ein gültiges Datum angeben.";
  }
  if (!values.start_time && !unreadable.includes("start_time")) {
    errors.start_time = "Bitte eine Uhrzeit angeben.";
  }
  const minutes = Number(values.duration_minutes);
  if (!Number.isInteger(minutes) || minutes < 15 || minutes > 600) {
    errors.duration_minutes = "Bitte eine Dauer zwischen 15 und 600 Minuten angeben.";
  }
  if (!values.instructor_id) errors.instructor_id = "Bitte einen Fahrlehrer wählen.";
  return errors;
}

/** The names of the form's date and time fields that show text they cannot read. */
export function unreadableFieldNames(form: HTMLFormElement): string[] {
  return [...form.querySelectorAll("[data-unreadable]")]
    .map((field) => field.getAttribute("name") ?? "")
    .filter(Boolean);
}
