import { describe, expect, it } from "vitest";
import {
  applyHourChanges,
  gridWindows,
  hourKey,
  markedHours,
  studentWeek,
} from "./availability_model.ts";

const assertEquals = (actual: unknown, expected: unknown) => expect(actual).toEqual(expected);

const row = (kind: string, day: number, start: string, end: string) => ({
  kind,
  day,
  start,
  end,
  valid_from: null,
  valid_until: null,
  period: null,
});

describe("one availability model", () => {
  it("marking one hour adds one hour; untouched windows keep their exact times", () => {
    const current = [
      { day: 1, start: "08:00", end: "16:30" },
      { day: 6, start: "09:00", end: "12:00" },
    ];
    const before = markedHours(current);
    const after = new Set([...before, hourKey(3, 10)]);
    const { windows, changedDays } = applyHourChanges(current, before, after);
    assertEquals([...changedDays], [3]);
    assertEquals(windows, [...current, { day: 3, start: "10:00", end: "11:00" }]);
  });

  it("unmarking an hour inside a window splits it, keeping the odd end", () => {
    const current = [{ day: 2, start: "08:00", end: "16:30" }];
    const before = markedHours(current);
    const after = new Set([...before].filter((k) => k !== hourKey(2, 12)));
    const { windows } = applyHourChanges(current, before, after);
    assertEquals(windows, [
      { day: 2, start: "08:00", end: "12:00" },
      { day: 2, start: "13:00", end: "16:30" },
    ]);
  });

  it("issue 25: an hour marked next to a half-hour start joins it, no hidden half-hour hole", () => {
    // 08:30-19:00 shows 08:00 as marked; marking 07:00 gave 07:00-08:00 and 08:30-19:00.
    const current = [{ day: 1, start: "08:30", end: "19:00" }];
    const before = markedHours(current);
    const after = new Set([...before, hourKey(1, 7)]);
    assertEquals(applyHourChanges(current, before, after).windows, [
      { day: 1, start: "07:00", end: "19:00" },
    ]);
    // The same at the end: 08:00-16:30 shows 16:00 marked; marking 17:00 runs on to 18:00.
    const late = [{ day: 2, start: "08:00", end: "16:30" }];
    const lateBefore = markedHours(late);
    const lateAfter = new Set([...lateBefore, hourKey(2, 17)]);
    assertEquals(applyHourChanges(late, lateBefore, lateAfter).windows, [
      { day: 2, start: "08:00", end: "18:00" },
    ]);
  });

  it("issue 25: a change elsewhere on the day keeps a half-hour start as it is", () => {
    const current = [{ day: 1, start: "08:30", end: "19:00" }];
    const before = markedHours(current);
    const after = new Set([...before].filter((k) => k !== hourKey(1, 18)));
    assertEquals(applyHourChanges(current, before, after).windows, [
      { day: 1, start: "08:30", end: "18:00" },
    ]);
  });

  it("a student without own rows: grid shows the derived windows, planner the same", () => {
    const rows = [row("arrival", 1, "14:00", "14:00"), row("free_period", 2, "09:45", "10:30")];
    assertEquals(gridWindows("student", rows), [
      { day: 1, start: "14:00", end: "20:00" },
      { day: 2, start: "09:45", end: "10:30" },
    ]);
    assertEquals(studentWeek(rows), gridWindows("student", rows));
  });

  it("days outside the planned weekdays are stored and shown but not planned", () => {
    const rows = [row("available", 7, "10:00", "12:00"), row("available", 6, "10:00", "12:00")];
    assertEquals(studentWeek(rows, [1, 2, 3, 4, 5, 6]), [{ day: 6, start: "10:00", end: "12:00" }]);
    assertEquals(gridWindows("student", rows).length, 2);
  });
});
