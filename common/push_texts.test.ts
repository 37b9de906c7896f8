import { describe, expect, it } from "vitest";
import type { LessonFacts } from "./notification_texts.ts";
import { lessonChangedPush, planPublishedPush, reminderPush } from "./push_texts.ts";

const lesson = (date: string, start: string): LessonFacts => ({
  date,
  start,
  end: "11:00",
  appointment_type: "driving_lesson",
  student_name: "Lena Lernt",
  instructor_name: "Otto Lehrer",
  pickup: "Barop",
  pickup_address: "Hauptstr. 1",
  vehicle: "Golf",
});
const student = { name: "Lena Lernt", role: "student" as const };
const instructor = { name: "Otto Lehrer", role: "instructor" as const };

describe("push texts", () => {
  it("a plan names three lessons and counts the rest, so a long month stays short", () => {
    const lessons = ["03", "05", "07", "10", "12"].map((d) => lesson(`2030-03-${d}`, "10:00"));
    const push = planPublishedPush(student, lessons);
    expect(push.title).toBe("Ihr Fahrplan: 5 neue Termine");
    expect(push.body).toBe(
      "So, 03.03.2030, 10:00 Uhr: Fahrstunde mit Otto Lehrer\n" +
        "Di, 05.03.2030, 10:00 Uhr: Fahrstunde mit Otto Lehrer\n" +
        "Do, 07.03.2030, 10:00 Uhr: Fahrstunde mit Otto Lehrer\n" +
        "und 2 weitere",
    );
    const many = planPublishedPush(student, Array(300).fill(lesson("2030-03-05", "10:00")));
    expect(many.body.length).toBeLessThan(300);
  });

  it("tells the instructor a move took the lesson from who gives it now", () => {
    const before = lesson("2030-05-06", "15:00");
    expect(lessonChangedPush(instructor, { ...before, instructor_name: "Hanna Fischer" }, {
      kind: "handed_over",
      before,
      to: "Hanna Fischer",
    })).toEqual({
      title: "Termin abgegeben: Fahrstunde am Mo, 06.05.2030 um 15:00 Uhr",
      body:
        "Mo, 06.05.2030, 15:00 Uhr: Fahrstunde mit Lena Lernt\nDen Termin übernimmt Hanna Fischer.",
    });
  });

  it("names the other person of the lesson and the meeting point", () => {
    expect(lessonChangedPush(instructor, lesson("2030-03-05", "10:00"), { kind: "added" }))
      .toEqual({
        title: "Neuer Termin: Di, 05.03.2030 um 10:00 Uhr",
        body: "Di, 05.03.2030, 10:00 Uhr: Fahrstunde mit Lena Lernt\nTreffpunkt: Barop",
      });
    expect(reminderPush(student, lesson("2030-03-05", "10:00")).title).toBe(
      "Erinnerung: Fahrstunde am Di, 05.03.2030 um 10:00 Uhr",
    );
  });

  it("a cancellation gives its reason", () => {
    const push = lessonChangedPush(student, lesson("2030-03-05", "10:00"), {
      kind: "cancelled",
      reason: "Fahrlehrer krank",
    });
    expect(push.title).toBe("Termin abgesagt: Fahrstunde am Di, 05.03.2030 um 10:00 Uhr");
    expect(push.body.endsWith("\nGrund: Fahrlehrer krank")).toBe(true);
  });
});
