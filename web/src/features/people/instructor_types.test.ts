import { describe, expect, it } from "vitest";
import {
  emptyBlock,
  emptyInstructorForm,
  instructorFormFromDetail,
  instructorFormProblems,
  instructorPayload,
} from "./instructor_types.ts";
import { rowKey } from "./people_types.ts";

function filledForm() {
  const form = emptyInstructorForm();
  form.first_name = " Erika ";
  form.last_name = "Mustermann";
  form.manual = true;
  return form;
}

describe("instructorFormProblems", () => {
  it("asks for a transmission type with the spec's text", () => {
    const form = filledForm();
    form.manual = false;
    expect(instructorFormProblems(form)).toEqual({
      transmission_types: "Bitte wählen Sie mindestens einen Getriebe-Typ aus.",
    });
  });
  it("asks for the names together with every other mistake", () => {
    const form = filledForm();
    form.last_name = " ";
    form.manual = false;
    expect(instructorFormProblems(form)).toEqual({
      last_name: "Bitte geben Sie den Nachnamen ein.",
      transmission_types: "Bitte wählen Sie mindestens einen Getriebe-Typ aus.",
    });
  });
  it("refuses a negative or broken hours target", () => {
    const form = filledForm();
    form.monthly_hours_target = "-4";
    expect(Object.keys(instructorFormProblems(form))).toEqual(["monthly_hours_target"]);
    form.monthly_hours_target = "40";
    expect(instructorFormProblems(form)).toEqual({});
  });
});

describe("instructorPayload", () => {
  it("drops rows with missing required parts and keeps complete ones", () => {
    const form = filledForm();
    form.work.monday = [{ key: rowKey(), start: "08:00", end: "16:00" }];
    form.work.tuesday = [{ key: rowKey(), start: "09:00", end: "" }];
    form.breaks = [
      { key: rowKey(), start: "10:00", end: "10:15" },
      { key: rowKey(), start: "12:00", end: "" },
    ];
    form.vacations = [{ key: rowKey(), start: "2027-07-01", end: "" }];
    form.theory = [{ key: rowKey(), date: "2027-03-10", start_time: "18:00", end_time: "19:30" }];
    form.blocks = [
      { ...emptyBlock(), start_time: "15:00", end_time: "16:30", description: " Büro " },
      { ...emptyBlock(), start_time: "15:00" },
    ];
    expect(instructorPayload(form)).toEqual({
      first_name: "Erika",
      last_name: "Mustermann",
      email: "",
      phone: "",
      transmission_types: ["manual"],
      default_vehicle_id: null,
      monthly_hours_target: 0,
      work_days: ["monday"],
      work_schedule: [{ day: "monday", start: "08:00", end: "16:00" }],
      breaks: [{ start: "10:00", end: "10:15" }],
      vacation_periods: [],
      theory_sessions: [{ date: "2027-03-10", start_time: "18:00", end_time: "19:30" }],
      unavailable_blocks: [{
        day_of_week: 1,
        start_time: "15:00",
        end_time: "16:30",
        valid_from: null,
        valid_until: null,
        description: "Büro",
      }],
    });
  });
});

/** A stored instructor without any times. */
function instructorFormDetail() {
  return {
    id: 4,
    version: 1,
    username: "ines",
    full_name: "Ines Iske",
    first_name: "Ines",
    last_name: "Iske",
    email: "",
    phone: "",
    is_active: true,
    date_joined: "2027-01-04",
    profile: { transmission_types: ["manual"], monthly_hours_target: 0 },
    week_hours: null,
    utilization: null,
    today_appointments: 0,
    work_schedule: [],
    breaks: [],
    vacation_periods: [],
    theory_sessions: [],
    unavailable_blocks: [],
  };
}

describe("instructorFormFromDetail", () => {
  it("shows the stored instructor as typed times, and saving it unchanged sends the same data", () => {
    const form = instructorFormFromDetail({
      id: 3,
      version: 1,
      username: "erika.mustermann",
      full_name: "Erika Mustermann",
      first_name: "Erika",
      last_name: "Mustermann",
      email: "erika@fahrschule.test",
      phone: "0231 1",
      is_active: true,
      date_joined: "2027-01-04",
      profile: { transmission_types: ["automatic"], monthly_hours_target: 120 },
      week_hours: null,
      utilization: null,
      today_appointments: 0,
      work_schedule: [{ day: "tuesday", start: "09:00:00", end: "17:30:00" }],
      breaks: [{ start: "12:30:00", end: "13:00:00" }],
      vacation_periods: [{ start: "2027-07-01", end: "2027-07-14" }],
      theory_sessions: [{ date: "2027-03-10", start_time: "18:00:00", end_time: "19:30:00" }],
      unavailable_blocks: [{
        day_of_week: 3,
        start_time: "15:00:00",
        end_time: "16:30:00",
        valid_from: "2027-03-01",
        valid_until: null,
        description: "Büro",
      }],
    });
    expect(form.work.tuesday.map(({ start, end }) => `${start}-${end}`)).toEqual(["09:00-17:30"]);
    expect(form.breaks.map(({ start, end }) => `${start}-${end}`)).toEqual(["12:30-13:00"]);
    expect(form.monthly_hours_target).toBe("120");
    expect(instructorPayload(form)).toEqual({
      first_name: "Erika",
      last_name: "Mustermann",
      email: "erika@fahrschule.test",
      phone: "0231 1",
      monthly_hours_target: 120,
      // The version it was loaded at, so a save over someone else's change is refused.
      version: 1,
      // Nothing else: unchanged working times and lists are not sent, the server keeps them.
    });
  });
  it("loads the default vehicle and sends it only once changed (issue 22)", () => {
    const loaded = instructorFormFromDetail({
      ...instructorFormDetail(),
      profile: { transmission_types: ["manual"], monthly_hours_target: 0, default_vehicle_id: 7 },
    });
    expect(loaded.default_vehicle).toBe("7");
    expect(instructorPayload(loaded)).not.toHaveProperty("default_vehicle_id");
    loaded.default_vehicle = "";
    expect(instructorPayload(loaded).default_vehicle_id).toBe(null);
    loaded.default_vehicle = "9";
    expect(instructorPayload(loaded).default_vehicle_id).toBe(9);
  });
  it("sends a list only once it changed", () => {
    const form = { ...emptyInstructorForm(), loadedParts: null };
    form.breaks = [{ key: rowKey(), start: "12:00", end: "12:30" }];
    const loaded = instructorFormFromDetail({
      ...instructorFormDetail(),
      breaks: [{ start: "12:00:00", end: "12:30:00" }],
    });
    expect(instructorPayload(loaded)).not.toHaveProperty("breaks");
    loaded.breaks = [...loaded.breaks, { key: rowKey(), start: "15:00", end: "15:15" }];
    expect(instructorPayload(loaded).breaks).toEqual([
      { start: "12:00", end: "12:30" },
      { start: "15:00", end: "15:15" },
    ]);
  });
  it("a working time with only a start blocks saving with a German message", () => {
    const form = emptyInstructorForm();
    form.first_name = "A";
    form.last_name = "B";
    form.email = "a@b.de";
    form.manual = true;
    form.work.wednesday = [{ key: rowKey(), start: "08:00", end: "" }];
    expect(instructorFormProblems(form)).toEqual({
      work_schedule:
        "Arbeitszeit Mittwoch: Bitte geben Sie auch das Ende an oder leeren Sie die Zeile. Es wurde nichts gespeichert.",
    });
  });
});
