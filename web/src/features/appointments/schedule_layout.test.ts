// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  dayColumnHead,
  dayWindow,
  gridHours,
  type Lesson,
  lessonLabel,
  lessonsByDay,
  lessonsByInstructor,
  longDayTitle,
  placeDayLessons,
  stepDay,
  viewRange,
  weekDays,
  weekTitle,
} from "./schedule_layout.ts";

let nextId = 1;
function lesson(date: string, time: string, end: string, extra: Partial<Lesson> = {}): Lesson {
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
    vehicle: "DO-FS 101",
    pickup_point: "Kley",
    transmission_type: "manual",
    status: "confirmed",
    cancel_reason: "",
    ...extra,
  };
}

describe("viewRange and stepDay", () => {
  it("loads one day in the day view and Monday to Sunday in the week view", () => {
    expect(viewRange("day", "2026-11-25")).toEqual({ from: "2026-11-25", to: "2026-11-25" });
    expect(viewRange("week", "2026-11-25")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    // A Sunday belongs to the week that started six days before; across the year's end too.
    expect(viewRange("week", "2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(viewRange("week", "2027-01-01")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
  });

  it("steps a day in the day view and a week in the week view", () => {
    expect(stepDay("day", "2026-11-30", -1)).toBe("2026-11-29");
    expect(stepDay("day", "2026-12-31", 1)).toBe("2027-01-01");
    expect(stepDay("week", "2026-11-25", 1)).toBe("2026-12-02");
    expect(stepDay("week", "2026-11-25", -1)).toBe("2026-11-18");
    // Across the change to summer time a week is still seven calendar days.
    expect(stepDay("week", "2027-03-25", 1)).toBe("2027-04-01");
  });

  it("lists the week's days Monday first", () => {
    expect(weekDays("2026-12-31")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
  });
});

describe("dayWindow", () => {
  it("spans 07:00 to 21:00 when every lesson fits", () => {
    const window = dayWindow([
      lesson("2026-11-23", "07:00", "07:45"),
      lesson("2026-11-23", "20:15", "21:00"),
    ]);
    expect(window).toEqual({ startHour: 7, endHour: 21 });
    expect(gridHours(window)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it("widens to working hours that start before 07:00 (issue 25.7)", () => {
    expect(dayWindow([], [{ start: 5 * 60 + 30, end: 14 * 60 }])).toEqual({
      startHour: 5,
      endHour: 21,
    });
  });

  it("widens to the whole hours of an early or late lesson", () => {
    expect(dayWindow([lesson("2026-11-23", "06:30", "07:15")])).toEqual({
      startHour: 6,
      endHour: 21,
    });
    expect(dayWindow([lesson("2026-11-23", "21:00", "21:45")])).toEqual({
      startHour: 7,
      endHour: 22,
    });
    // A night drive past midnight ends the grid at 24:00.
    expect(dayWindow([lesson("2026-11-23", "23:30", "00:15")])).toEqual({
      startHour: 7,
      endHour: 24,
    });
  });
});

describe("placeDayLessons", () => {
  it("puts a lesson at its minutes from the grid's top with its length", () => {
    const a = lesson("2026-11-23", "14:00", "15:30");
    const b = lesson("2026-11-23", "08:15", "09:00");
    expect(placeDayLessons([a, b], { startHour: 7 })).toEqual([
      { lesson: b, top: 75, length: 45, lane: 0, lanes: 1 },
      { lesson: a, top: 420, length: 90, lane: 0, lanes: 1 },
    ]);
  });

  it("lets back-to-back lessons keep the full width", () => {
    const a = lesson("2026-11-23", "09:00", "09:45");
    const b = lesson("2026-11-23", "09:45", "10:30");
    expect(placeDayLessons([a, b], { startHour: 7 }).map((p) => [p.lane, p.lanes])).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it("sets overlapping lessons side by side, the whole group with the same number of lanes", () => {
    const cancelled = lesson("2026-11-23", "09:00", "10:30", { status: "cancelled" });
    const replacement = lesson("2026-11-23", "09:00", "09:45");
    const later = lesson("2026-11-23", "10:00", "10:45");
    const alone = lesson("2026-11-23", "12:00", "12:45");
    const placed = placeDayLessons([alone, later, replacement, cancelled], { startHour: 7 });
    expect(placed.map((p) => [p.lesson.id, p.lane, p.lanes])).toEqual([
      // The longer of two lessons that start together comes first.
      [cancelled.id, 0, 2],
      [replacement.id, 1, 2],
      // Starts after the replacement ended: takes its free lane, still in the group.
      [later.id, 1, 2],
      [alone.id, 0, 1],
    ]);
  });
});

describe("grouping", () => {
  it("groups lessons by instructor and by day, keeping their order", () => {
    const a = lesson("2026-11-23", "08:00", "08:45", { instructor_id: 1 });
    const b = lesson("2026-11-23", "09:00", "09:45", { instructor_id: 2 });
    const c = lesson("2026-11-24", "10:00", "10:45", { instructor_id: 1 });
    expect([...lessonsByInstructor([a, b, c])]).toEqual([[1, [a, c]], [2, [b]]]);
    expect([...lessonsByDay([a, b, c])]).toEqual([["2026-11-23", [a, b]], ["2026-11-24", [c]]]);
  });
});

describe("German titles and labels", () => {
  it("names days and weeks in German", () => {
    expect(longDayTitle("2026-11-23")).toBe("Montag, 23. November 2026");
    expect(weekTitle("2026-11-25")).toBe("KW 48 · 23.–29. November 2026");
    expect(weekTitle("2026-12-02")).toBe("KW 49 · 30. November – 6. Dezember 2026");
    expect(weekTitle("2027-01-01")).toBe("KW 53 · 28. Dezember 2026 – 3. Januar 2027");
    expect(dayColumnHead("2026-11-29")).toEqual({ short: "So", long: "Sonntag", date: "29.11." });
  });

  it("labels a lesson button with time, student, instructor, vehicle, type and status", () => {
    const a = lesson("2026-11-23", "14:00", "15:30", {
      student_name: "Paul Becker",
      instructor_name: "Bernd Zander",
      status: "cancelled",
    });
    expect(lessonLabel(a)).toBe(
      "14:00 bis 15:30, Paul Becker bei Bernd Zander, DO-FS 101, Fahrstunde, Storniert",
    );
    const b = lesson("2026-11-24", "08:00", "08:45", { vehicle: null });
    expect(lessonLabel(b, { withDate: true })).toBe(
      "Dienstag, 24. November, 08:00 bis 08:45, Anna Müller bei Ingrid Lehrer, ohne Fahrzeug, Fahrstunde",
    );
  });
});
