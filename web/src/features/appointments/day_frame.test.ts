import { describe, expect, it } from "vitest";
import type { ScheduleInstructorDay } from "../../../../common/contract/schedule.ts";
import {
  frameSpans,
  lessonWarning,
  noWorkEntered,
  openingMinute,
  wholeDayAbsence,
  workHoursText,
} from "./day_frame.ts";
import type { Lesson } from "./schedule_layout.ts";

let nextId = 1;
function lesson(time: string, end: string, extra: Partial<Lesson> = {}): Lesson {
  const date = "2027-02-17";
  return {
    id: nextId++,
    start_time: `${date}T${time}:00+01:00`,
    end_time: `${date}T${end}:00+01:00`,
    date,
    time,
    end_clock: end,
    student_id: 10,
    student_name: "Anna Müller",
    instructor_id: 1,
    instructor_name: "Ingrid Lehrer",
    appointment_type: "driving_lesson",
    appointment_type_display: "Fahrstunde",
    type_display: "Fahrstunde",
    title: "",
    vehicle: null,
    pickup_point: "",
    transmission_type: "manual",
    status: "confirmed",
    cancel_reason: "",
    ...extra,
  } as Lesson;
}

function day(extra: Partial<ScheduleInstructorDay> = {}): ScheduleInstructorDay {
  return {
    instructor_id: 1,
    date: "2027-02-17",
    work: [{ start: "08:00", end: "12:00" }, { start: "12:00", end: "16:00" }],
    work_entered: true,
    absences: [],
    blocks: [],
    ...extra,
  };
}

describe("lessonWarning", () => {
  it("marks a lesson not wholly inside the working hours, touching windows count as one", () => {
    const d = day();
    expect(lessonWarning(lesson("11:30", "12:15"), d, frameSpans(d, []))).toBe("");
    expect(lessonWarning(lesson("15:30", "16:15"), d, frameSpans(d, [])))
      .toBe("außerhalb der Arbeitszeit");
    expect(lessonWarning(lesson("07:00", "07:45"), d, frameSpans(d, [])))
      .toBe("außerhalb der Arbeitszeit");
    // Cancelled lessons take no time; an unknown day (not loaded) marks nothing.
    expect(lessonWarning(lesson("17:00", "17:45", { status: "cancelled" }), d, [])).toBe("");
    expect(lessonWarning(lesson("17:00", "17:45"), undefined, [])).toBe("");
  });

  it("names an absence or a block the lesson runs into before the working hours", () => {
    const d = day({
      absences: [{
        kind: "absent",
        label: "Abwesend",
        description: "Arzt",
        start: "10:00",
        end: "11:00",
      }],
      blocks: [{ kind: "theory", label: "Theorieunterricht", start: "14:00", end: "15:30" }],
    });
    const spans = frameSpans(d, []);
    expect(lessonWarning(lesson("10:30", "11:15"), d, spans)).toBe(
      "Fahrlehrer abwesend (Abwesend)",
    );
    expect(lessonWarning(lesson("11:00", "11:45"), d, spans)).toBe("");
    expect(lessonWarning(lesson("15:00", "15:45"), d, spans)).toBe("während Theorieunterricht");
    const vacation = day({
      absences: [{
        kind: "vacation",
        label: "Urlaub",
        description: "",
        start: null,
        end: null,
      }],
    });
    expect(lessonWarning(lesson("09:00", "09:45"), vacation, frameSpans(vacation, [])))
      .toBe("Fahrlehrer abwesend (Urlaub)");
  });
});

describe("an instructor without any working hours entered", () => {
  const none = day({ work: [], work_entered: false });
  it("marks no lesson for the working hours, but still for an absence or a block", () => {
    expect(lessonWarning(lesson("17:00", "17:45"), none, frameSpans(none, []))).toBe("");
    const theory = day({
      work: [],
      work_entered: false,
      blocks: [{ kind: "theory", label: "Theorieunterricht", start: "14:00", end: "15:30" }],
    });
    expect(lessonWarning(lesson("15:00", "15:45"), theory, frameSpans(theory, [])))
      .toBe("während Theorieunterricht");
    // A day off of someone who entered hours for other days is still outside them.
    const off = day({ work: [] });
    expect(lessonWarning(lesson("09:00", "09:45"), off, frameSpans(off, [])))
      .toBe("außerhalb der Arbeitszeit");
  });
  it("says so in the head instead of 'Keine Arbeitszeit'", () => {
    expect(workHoursText(day())).toBe("08:00–12:00, 12:00–16:00");
    expect(workHoursText(day({ work: [] }))).toBe("Keine Arbeitszeit");
    expect(workHoursText(none)).toBe("Keine Arbeitszeit eingetragen");
    expect(workHoursText(undefined)).toBe("");
  });
  it("is told of a whole week only when no day of it has hours entered", () => {
    expect(noWorkEntered([none, none])).toBe(true);
    expect(noWorkEntered([none, day({ work: [] })])).toBe(false);
    // Not loaded yet: nothing is claimed.
    expect(noWorkEntered([undefined, undefined])).toBe(false);
    expect(noWorkEntered([])).toBe(false);
  });
});

describe("frameSpans", () => {
  it("turns absences and closed days into labelled spans, whole days from 0 to 24:00", () => {
    const spans = frameSpans(
      day({
        absences: [{
          kind: "sick",
          label: "Krankgemeldet",
          description: "",
          start: null,
          end: null,
        }],
      }),
      [{ date: "2027-02-17", name: "Betriebsfeier", kind: "closing", from: "16:00" }],
    );
    expect(spans).toEqual([
      {
        kind: "absence",
        label: "Fahrschule geschlossen",
        note: "Betriebsfeier",
        title: "Fahrschule geschlossen: Betriebsfeier",
        start: 960,
        end: 1440,
        wholeDay: false,
      },
      {
        kind: "absence",
        label: "Krankgemeldet",
        note: "",
        title: "Krankgemeldet",
        start: 0,
        end: 1440,
        wholeDay: true,
      },
    ]);
    expect(wholeDayAbsence(spans)?.label).toBe("Krankgemeldet");
  });
});

describe("openingMinute", () => {
  const lessons = [lesson("13:00", "13:45"), lesson("17:00", "17:45")];
  it("opens another day at its first lesson", () => {
    expect(openingMinute(lessons, [day()], null)).toBe(13 * 60);
  });
  it("opens today at the current hour, not before the first lesson", () => {
    expect(openingMinute(lessons, [day()], 15 * 60 + 20)).toBe(15 * 60);
    expect(openingMinute(lessons, [day()], 7 * 60 + 10)).toBe(13 * 60);
  });
  it("opens today at the first lesson when every lesson is over", () => {
    expect(openingMinute(lessons, [day()], 19 * 60)).toBe(13 * 60);
  });
  it("opens a day without lessons at the earliest working hour, else nowhere", () => {
    expect(openingMinute([], [day(), undefined], null)).toBe(8 * 60);
    expect(openingMinute([], [undefined], null)).toBe(null);
  });
});
