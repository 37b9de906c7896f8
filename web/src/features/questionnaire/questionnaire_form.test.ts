import { describe, expect, it } from "vitest";
import {
  emptyAnswers,
  fromPayload,
  type QuestionnaireAnswers,
  toPayload,
  validateAnswers,
} from "./questionnaire_form.ts";

function filled(): QuestionnaireAnswers {
  return {
    ...emptyAnswers({ first_name: "Mia", last_name: "Schulz", email: "mia@example.de" }),
    phone: "0231 1",
    school_name: "Schule",
    start_location: "Kley",
    license_class: "B197",
  };
}

describe("the licence class (issue 25, point 13)", () => {
  it("is asked, sent and read back; none chosen is refused instead of becoming B silently", () => {
    expect(emptyAnswers().license_class).toBe("");
    expect(validateAnswers({ ...filled(), license_class: "" }, "2026-11-23").license_class).toBe(
      "Bitte wählen Sie Ihre Führerscheinklasse.",
    );
    expect(toPayload(filled()).license_class).toBe("B197");
    expect(fromPayload({ license_class: "B78" }).license_class).toBe("B78");
  });
});

describe("validateAnswers", () => {
  it("accepts a filled form with the defaults", () => {
    expect(validateAnswers(filled(), "2026-11-23")).toEqual({});
  });

  it("refuses a malformed e-mail", () => {
    expect(validateAnswers({ ...filled(), email: "mia@example" }, "2026-11-23").email).toBe(
      "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    );
  });

  it("refuses vacations in the past and ends before starts, drops empty rows", () => {
    const answers = {
      ...filled(),
      vacations: [
        { key: "a", start: "2026-11-22", end: "2026-11-30" },
        { key: "b", start: "2026-12-10", end: "2026-12-01" },
        { key: "c", start: "", end: "" },
        { key: "d", start: "2026-12-20", end: "" },
        { key: "e", start: "2026-11-23", end: "2026-11-23" },
      ],
    };
    expect(validateAnswers(answers, "2026-11-23")).toEqual({
      "vacations.0": "Ein Urlaub kann nicht vor dem heutigen Tag beginnen.",
      "vacations.1": "Das Ende des Urlaubs kann nicht vor dem Beginn liegen.",
      "vacations.3": "Bitte geben Sie Beginn und Ende des Urlaubs an.",
    });
    expect(toPayload(answers).vacation_periods).toHaveLength(3);
    // The admin edits an answer later: a vacation that has begun since is no error there.
    expect(validateAnswers(answers, null)["vacations.0"]).toBeUndefined();
    expect(validateAnswers(answers, null)["vacations.1"]).toBe(
      "Das Ende des Urlaubs kann nicht vor dem Beginn liegen.",
    );
  });

  it("wants free periods complete and forwards, and at most 3 a day", () => {
    const answers = filled();
    answers.week[0].free = [
      { key: "a", start: "10:00", end: "09:00" },
      { key: "b", start: "11:00", end: "" },
      { key: "c", start: "12:00", end: "12:45" },
      { key: "d", start: "13:00", end: "13:45" },
    ];
    const errors = validateAnswers(answers, "2026-11-23");
    expect(errors["week.0.free.0"]).toBe("Das Ende der Freistunde muss nach dem Beginn liegen.");
    expect(errors["week.0.free.1"]).toBe("Bitte geben Sie Beginn und Ende der Freistunde an.");
    expect(errors["week.0.free"]).toBe("Höchstens 3 Freistunden pro Tag.");
    expect(errors["week.0.free.2"]).toBeUndefined();
  });
});

describe("toPayload / fromPayload", () => {
  it("reads back what it sent, and a day without arrival sends no availability", () => {
    const answers = filled();
    answers.week[2] = { school_start: "", school_end: "", arrival: "", free: [] };
    answers.week[4].free = [{ key: "x", start: "07:30", end: "08:15" }];
    answers.vacations = [{ key: "v", start: "2026-12-24", end: "2027-01-02" }];
    const payload = toPayload(answers);
    expect(payload.school_schedule_data.school_schedule.map((d) => d.day_of_week)).toEqual([
      1,
      2,
      4,
      5,
    ]);
    expect(payload.availabilities_data.availabilities.map((a) => a.day_of_week)).toEqual([
      1,
      2,
      4,
      5,
    ]);
    expect(payload.availabilities_data.vacation_periods).toEqual([
      { start_date: "2026-12-24", end_date: "2027-01-02" },
    ]);
    const back = fromPayload(payload);
    expect(back.week[2]).toEqual({ school_start: "", school_end: "", arrival: "", free: [] });
    expect(back.week[4].free.map((f) => [f.start, f.end])).toEqual([["07:30", "08:15"]]);
    expect(toPayload(back)).toEqual(payload);
  });
});
