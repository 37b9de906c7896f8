import { describe, expect, it } from "vitest";
import { type LessonFacts, lessonLine, weekdayDate } from "./notification_texts.ts";

const lesson: LessonFacts = {
  date: "2030-03-05",
  start: "10:00",
  end: "11:30",
  appointment_type: "overland",
  student_name: "Lena Lernt",
  instructor_name: "Otto Lehrer",
  pickup: "",
  pickup_address: "",
  vehicle: "DO-FS 1",
};

describe("the e-mails' lesson lines", () => {
  it("name the weekday of the school's date, whatever the machine's time zone", () => {
    expect(weekdayDate("2030-03-05")).toBe("Di, 05.03.2030");
    expect(weekdayDate("2030-03-10")).toBe("So, 10.03.2030");
  });

  it("name the other person, and leave out a pickup point nobody chose", () => {
    expect(lessonLine(lesson, { name: "Lena Lernt", role: "student" })).toBe(
      "Di, 05.03.2030, 10:00–11:30 Uhr: Überlandfahrt mit Otto Lehrer, Fahrzeug: DO-FS 1",
    );
    expect(lessonLine({ ...lesson, pickup: "Barop" }, { name: "Otto", role: "instructor" }))
      .toBe(
        "Di, 05.03.2030, 10:00–11:30 Uhr: Überlandfahrt mit Lena Lernt, Treffpunkt: Barop, " +
          "Fahrzeug: DO-FS 1",
      );
  });
});
