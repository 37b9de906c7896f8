/** Issue 25, point 18: an hour covered only in part (a working start at 08:30) shows so. */
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { hoursText, partialHours, partialMinutes, slotsToSelection } from "./slots.ts";
import { MobileDayList } from "./mobile_day_list.tsx";

afterEach(cleanup);

const stored = [
  { day_of_week: 1, start_time: "08:30:00", end_time: "09:00:00" },
  { day_of_week: 1, start_time: "09:00:00", end_time: "10:00:00" },
  { day_of_week: 1, start_time: "15:00:00", end_time: "15:30:00" },
];

describe("half-hour times in the grid", () => {
  it("names the part of each partly covered hour", () => {
    expect(partialHours(stored)).toEqual({
      "montag-08:00": "ab 08:30",
      "montag-15:00": "bis 15:30",
    });
  });

  it("counts the minutes a partly covered cell stands for", () => {
    expect([partialMinutes("ab 08:30"), partialMinutes("bis 15:45"), partialMinutes("08:15–08:45")])
      .toEqual([30, 45, 30]);
  });

  it("the phone's list shows 08:00 as 'ab 08:30', not as a whole hour", () => {
    render(
      <MobileDayList
        selection={slotsToSelection(stored)}
        partial={partialHours(stored)}
        planned={[1, 2, 3, 4, 5, 6]}
        onCellPointerDown={() => {}}
        onCellClick={() => {}}
        onDayHeader={() => {}}
        onExtend={() => {}}
      />,
    );
    const eight = screen.getByRole("button", { name: "Montag 08:00" });
    expect(eight.textContent).toContain("ab 08:30");
    expect(screen.getByRole("button", { name: "Montag 09:00" }).textContent).toBe("09:00");
  });
});

describe("a day's hours in its header", () => {
  // Issue 22: Monday from 08:30 to 20:00 is 11.5 hours; the header said "12 Stunden".
  const day = [
    { day_of_week: 1, start_time: "08:30:00", end_time: "09:00:00" },
    ...Array.from({ length: 11 }, (_, i) => ({
      day_of_week: 1,
      start_time: `${String(9 + i).padStart(2, "0")}:00:00`,
      end_time: `${String(10 + i).padStart(2, "0")}:00:00`,
    })),
  ];

  it("says '11,5 Stunden' for half past eight to eight", () => {
    render(
      <MobileDayList
        selection={slotsToSelection(day)}
        partial={partialHours(day)}
        planned={[1, 2, 3, 4, 5, 6]}
        onCellPointerDown={() => {}}
        onCellClick={() => {}}
        onDayHeader={() => {}}
        onExtend={() => {}}
      />,
    );
    const monday = screen.getByRole("button", { name: /^Montag/, expanded: true });
    expect(monday.textContent).toContain("11,5 Stunden");
    expect(screen.getByRole("button", { name: /^Dienstag/ }).textContent).toContain(
      "keine Stunden",
    );
  });

  it("writes hours the German way", () => {
    expect([hoursText(0), hoursText(1), hoursText(0.5), hoursText(11.5), hoursText(12)]).toEqual([
      "keine Stunden",
      "1 Stunde",
      "0,5 Stunden",
      "11,5 Stunden",
      "12 Stunden",
    ]);
  });
});
