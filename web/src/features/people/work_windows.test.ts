// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  rowsOfDay,
  shownDays,
  withNewWindow,
  withoutWindow,
  withWindow,
  workWeekFromSchedule,
  workWeekPayload,
  workWeekProblem,
} from "./work_windows.ts";

const stored = [
  { day: "monday", start: "14:00:00", end: "18:00:00" },
  { day: "monday", start: "08:00:00", end: "12:00:00" },
  { day: "saturday", start: "09:00:00", end: "13:00:00" },
  { day: "sunday", start: "10:00:00", end: "11:00:00" },
];

const times = (rows: { start: string; end: string }[]) => rows.map((r) => `${r.start}-${r.end}`);

describe("working time windows", () => {
  it("shows every window of a day, by start, and the days that have one", () => {
    const week = workWeekFromSchedule(stored);
    expect(times(week.monday)).toEqual(["08:00-12:00", "14:00-18:00"]);
    // Sunday is not planned but has a window: it is shown, not hidden and lost.
    expect(shownDays(week, [1, 2, 3, 4, 5, 6])).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]);
    expect(shownDays(workWeekFromSchedule([]), [1, 2, 3, 4, 5])).toHaveLength(5);
    // A school that plans Sundays edits Sunday working times too.
    expect(shownDays(workWeekFromSchedule([]), [1, 2, 3, 4, 5, 6, 7]).at(-1)).toBe("sunday");
  });

  it("sends nothing when nothing changed, else only the changed days with all their windows", () => {
    const loaded = workWeekFromSchedule(stored);
    expect(workWeekPayload(workWeekFromSchedule(stored), loaded)).toEqual({});
    const added = withWindow(withNewWindow(loaded, "monday"), "monday", 2, {
      start: "18:30",
      end: "20:00",
    });
    expect(workWeekPayload(added, loaded)).toEqual({
      work_days: ["monday"],
      work_schedule: [
        { day: "monday", start: "08:00", end: "12:00" },
        { day: "monday", start: "14:00", end: "18:00" },
        { day: "monday", start: "18:30", end: "20:00" },
      ],
    });
    // Removing Saturday's only window names Saturday with no window: the server clears it.
    expect(workWeekPayload(withoutWindow(loaded, "saturday", 0), loaded)).toEqual({
      work_days: ["saturday"],
      work_schedule: [],
    });
  });

  it("typing into an empty day makes its first window, keeping the row's key", () => {
    const week = workWeekFromSchedule([]);
    const key = rowsOfDay(week, "tuesday")[0].key;
    const typed = withWindow(week, "tuesday", 0, { start: "08:00" });
    expect(typed.tuesday).toEqual([{ key, start: "08:00", end: "" }]);
    expect(rowsOfDay(week, "tuesday")[0].key).toBe(key);
  });

  it("refuses half windows, reversed and overlapping windows in German", () => {
    const week = workWeekFromSchedule(stored);
    expect(workWeekProblem(week)).toBe("");
    expect(workWeekProblem(withWindow(week, "monday", 1, { end: "" }))).toBe(
      "Arbeitszeit Montag, 2. Zeitfenster: Bitte geben Sie auch das Ende an oder leeren Sie die Zeile. Es wurde nichts gespeichert.",
    );
    expect(workWeekProblem(withWindow(week, "saturday", 0, { end: "08:00" }))).toBe(
      "Arbeitszeit Samstag: Das Ende muss nach dem Beginn liegen.",
    );
    expect(workWeekProblem(withWindow(week, "monday", 1, { start: "11:00" }))).toBe(
      "Arbeitszeit Montag: Die Zeitfenster 08:00–12:00 und 11:00–18:00 überschneiden sich.",
    );
  });
});
