import { describe, expect, it } from "vitest";
import {
  emptyStudentForm,
  noTimesMessage,
  studentCreatePayload,
  studentCreateProblems,
  studentFormFromDetail,
  studentUpdatePayload,
} from "./student_types.ts";
import { rowKey } from "./people_types.ts";

function named() {
  const form = emptyStudentForm();
  form.first_name = "Jürgen";
  form.last_name = "Weiß";
  form.license_class = "B197";
  return form;
}

describe("studentCreateProblems", () => {
  it("needs a free period or an arrival time (spec 02 §5)", () => {
    const form = named();
    form.week.monday.school_start = "08:00";
    form.week.monday.school_end = "13:30";
    expect(studentCreateProblems(form)).toEqual({ arrival_times: noTimesMessage });
    // A free period with only a start is not dropped without a word (issue 14, problem 2).
    form.week.monday.free = [{ key: rowKey(), start: "10:00", end: "" }];
    expect(studentCreateProblems(form)).toEqual({
      school_schedule:
        "Freistunde am Montag, 1: Bitte geben Sie auch das Ende an oder leeren Sie die Zeile. Es wurde nichts gespeichert.",
    });
    form.week.monday.free = [];
    form.week.thursday.arrival = "14:00";
    expect(studentCreateProblems(form)).toEqual({});
  });
  it("needs names and a licence class, each named at its field", () => {
    const form = named();
    form.license_class = "";
    form.last_name = " ";
    form.week.monday.arrival = "14:00";
    expect(studentCreateProblems(form)).toEqual({
      last_name: "Bitte geben Sie den Nachnamen ein.",
      license_class: "Bitte wählen Sie eine Führerscheinklasse aus.",
    });
  });
});

describe("student payloads", () => {
  const form = named();
  form.week.monday = {
    school_start: "08:00",
    school_end: "13:30",
    arrival: "",
    free: [
      { key: rowKey(), start: "10:00", end: "10:45" },
      { key: rowKey(), start: "11:00", end: "" },
      { key: rowKey(), start: "12:00", end: "12:45" },
    ],
  };
  form.week.wednesday.arrival = "14:00";
  form.vacations = [
    { key: rowKey(), start: "2027-08-01", end: "2027-08-15" },
    { key: rowKey(), start: "2027-10-01", end: "" },
  ];

  it("create: flat lists per day, periods numbered by position, half rows dropped", () => {
    const payload = studentCreatePayload(form);
    expect(payload.available_in_holidays).toBe("ja");
    expect(payload.school_schedule).toEqual([{ day: "monday", start: "08:00", end: "13:30" }]);
    expect(payload.free_periods).toEqual([
      { day: "monday", period: 1, start: "10:00", end: "10:45" },
      { day: "monday", period: 2, start: "12:00", end: "12:45" },
    ]);
    expect(payload.arrival_times).toEqual([{ day: "wednesday", time: "14:00" }]);
    expect(payload.vacation_periods).toEqual([{ start: "2027-08-01", end: "2027-08-15" }]);
  });

  it("update: one entry per day with data, empty days left out", () => {
    expect(studentUpdatePayload(form).school_schedule).toEqual([
      {
        day_of_week: 1,
        school_start: "08:00",
        school_end: "13:30",
        arrival_time: "",
        free_periods: [{ start: "10:00", end: "10:45" }, { start: "12:00", end: "12:45" }],
      },
      {
        day_of_week: 3,
        school_start: "",
        school_end: "",
        arrival_time: "14:00",
        free_periods: [],
      },
    ]);
  });
});

describe("studentFormFromDetail", () => {
  it("takes the phone from the profile, caps free periods at 3 and saves unchanged data as stored", () => {
    const form = studentFormFromDetail({
      id: 5,
      username: "juergen.weiss",
      full_name: "Jürgen Weiß",
      first_name: "Jürgen",
      last_name: "Weiß",
      email: "",
      phone: "alt",
      is_active: true,
      date_joined: "2027-01-04",
      profile: {
        license_class: "B",
        required_automatic_hours: 0,
        completed_automatic_hours: 0,
        required_manual_hours: 20,
        completed_manual_hours: 2,
        metadata: { phone: "0170 5", school_name: "Gymnasium Süd", available_in_holidays: "nein" },
      },
      next_appointment: null,
      remaining_hours_total: 18,
      school_schedule: [{
        day_of_week: 2,
        school_start: "08:00:00",
        school_end: "13:00:00",
        arrival_time: "14:00:00",
        free_periods: ["09:00", "10:00", "11:00", "12:00"].map((start) => ({
          start: `${start}:00`,
          end: `${start.slice(0, 2)}:45:00`,
        })),
      }],
      vacation_periods: [],
      version: 3,
      required_overland: 5,
      required_highway: 4,
      required_night: 3,
      special_drives_released: false,
      exam_at: null,
      training: {
        manual: { required: 20, done: 2, planned: 0, open: 18 },
        automatic: { required: 0, done: 0, planned: 0, open: 0 },
        overland: { required: 5, done: 0, planned: 0, open: 5 },
        highway: { required: 4, done: 0, planned: 0, open: 4 },
        night: { required: 3, done: 0, planned: 0, open: 3 },
      },
    });
    expect(form.phone).toBe("0170 5");
    expect(form.available_in_holidays).toBe("nein");
    expect(form.week.tuesday.free.map((p) => p.start)).toEqual(["09:00", "10:00", "11:00"]);
    const payload = studentUpdatePayload(form);
    expect(payload).toMatchObject({
      phone: "0170 5",
      school_name: "Gymnasium Süd",
      license_class: "B",
    });
    expect(payload).toMatchObject({
      version: 3,
      required_manual_hours: "20",
      required_overland: "5",
      required_night: "3",
      special_drives_released: false,
      exam_at: null,
    });
    // A new class brings its own Fahrstunden: the numbers typed for the old one are not sent.
    expect(studentUpdatePayload({ ...form, license_class: "B78" }))
      .not.toHaveProperty("required_manual_hours");
    // Unchanged school times and vacations are not sent: the server keeps them as stored.
    expect(payload).not.toHaveProperty("school_schedule");
    expect(payload).not.toHaveProperty("vacation_periods");
    form.week.tuesday.arrival = "14:30";
    expect(studentUpdatePayload(form).school_schedule).toEqual([{
      day_of_week: 2,
      school_start: "08:00",
      school_end: "13:00",
      arrival_time: "14:30",
      free_periods: [
        { start: "09:00", end: "09:45" },
        { start: "10:00", end: "10:45" },
        { start: "11:00", end: "11:45" },
      ],
    }]);
  });
});
