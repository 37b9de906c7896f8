/** Issue 25, point 18: an hour covered only in part (a working start at 08:30) shows so. */
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { partialHours, partialMinutes, slotsToSelection } from "./slots.ts";
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
