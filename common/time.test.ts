import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  formatMinutes,
  isIsoDate,
  isoWeek,
  isoWeekday,
  minutesOf,
  mondayOf,
  schoolClock,
  schoolDay,
  schoolIso,
  schoolLogTime,
} from "./time.ts";

describe("calendar arithmetic", () => {
  it("counts ISO weeks around the turn of the year and in leap years", () => {
    expect(isoWeek("2026-12-10")).toEqual({ week: 50, year: 2026 });
    expect(isoWeek("2026-12-28")).toEqual({ week: 53, year: 2026 });
    expect(isoWeek("2027-01-03")).toEqual({ week: 53, year: 2026 });
    expect(isoWeek("2027-01-04")).toEqual({ week: 1, year: 2027 });
    expect(isoWeek("2024-12-30")).toEqual({ week: 1, year: 2025 });
    expect(isoWeek("2027-03-29")).toEqual({ week: 13, year: 2027 });
    expect(isoWeek("2028-02-29")).toEqual({ week: 9, year: 2028 });
  });

  it("finds the weekday and the Monday of a day", () => {
    expect(isoWeekday("2026-11-22")).toBe(7);
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(mondayOf("2026-11-22")).toBe("2026-11-16");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });

  it("adds days across month ends and the clock change", () => {
    expect(addDays("2027-03-27", 2)).toBe("2027-03-29");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(daysBetween("2027-03-27", "2027-11-01")).toBe(219);
  });

  it("writes minutes as clock times and reads them back", () => {
    expect(formatMinutes(0)).toBe("00:00");
    expect(formatMinutes(14 * 60 + 5)).toBe("14:05");
    expect(minutesOf("14:05")).toBe(845);
    expect(minutesOf("23:59:00")).toBe(1439);
  });

  it("accepts only days that exist", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    for (const text of ["2027-02-29", "2027-04-31", "2027-13-01", "27-01-01", "2027-1-01"]) {
      expect(isIsoDate(text), text).toBe(false);
    }
  });
});

describe("the school's clock", () => {
  it("writes instants with the offset of the day, winter and summer", () => {
    expect(schoolIso(new Date("2027-03-26T13:00:00Z"))).toBe("2027-03-26T14:00:00+01:00");
    expect(schoolIso(new Date("2027-03-29T12:00:00Z"))).toBe("2027-03-29T14:00:00+02:00");
    // The last instant before the change and the first after it.
    expect(schoolIso(new Date("2027-03-28T00:59:59Z"))).toBe("2027-03-28T01:59:59+01:00");
    expect(schoolIso(new Date("2027-03-28T01:00:00Z"))).toBe("2027-03-28T03:00:00+02:00");
  });

  it("reads the school's day and clock, not the machine's", () => {
    // 23:30 UTC is already the next day in Germany, in winter and in summer.
    expect(schoolDay(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(schoolDay("2027-06-30T22:30:00Z")).toBe("2027-07-01");
    expect(schoolClock("2027-06-30T22:30:00Z")).toBe("00:30");
    expect(schoolLogTime(new Date("2027-01-15T08:05:09Z"))).toBe("09:05:09");
  });
});
