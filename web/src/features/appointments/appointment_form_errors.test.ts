import { describe, expect, it } from "vitest";
import type { AppointmentFormValues } from "./appointment_form.tsx";
import { appointmentFieldErrors } from "./appointment_form_errors.ts";

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

const filled: AppointmentFormValues = {
  ...empty,
  student_id: "3",
  instructor_id: "2",
  date: "2027-03-01",
  start_time: "09:00",
};

describe("appointmentFieldErrors", () => {
  it("names every missing field of an empty add form at once, by the payload's names", () => {
    expect(appointmentFieldErrors("create", empty)).toEqual({
      student_id: "Bitte einen Fahrschüler wählen.",
      date: "Bitte ein gültiges Datum angeben.",
      start_time: "Bitte eine Uhrzeit angeben.",
      instructor_id: "Bitte einen Fahrlehrer wählen.",
    });
  });

  it("adds a length out of range to the others", () => {
    const errors = appointmentFieldErrors("create", { ...empty, duration_minutes: "5" });
    expect(Object.keys(errors).sort()).toEqual(
      ["date", "duration_minutes", "instructor_id", "start_time", "student_id"],
    );
    expect(errors.duration_minutes).toBe("Bitte eine Dauer zwischen 15 und 600 Minuten angeben.");
  });

  it("asks no student of a move", () => {
    expect(appointmentFieldErrors("move", { ...filled, student_id: "", start_time: "" })).toEqual({
      start_time: "Bitte eine Uhrzeit angeben.",
    });
  });

  it("leaves a field that shows unreadable text to its own message", () => {
    const errors = appointmentFieldErrors("create", { ...filled, date: "" }, ["date"]);
    expect(errors).toEqual({});
  });

  it("has nothing against complete values", () => {
    expect(appointmentFieldErrors("create", filled)).toEqual({});
    expect(appointmentFieldErrors("move", filled)).toEqual({});
  });
});
