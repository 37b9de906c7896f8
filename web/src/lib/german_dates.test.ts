import { describe, expect, it } from "vitest";
import {
  formatGermanDate,
  mondayIndex,
  parseGermanDate,
  parseIsoDate,
  parseTime,
} from "./german_dates.ts";

describe("parseGermanDate", () => {
  it("reads TT.MM.JJJJ into an ISO date", () => {
    expect(parseGermanDate("03.11.2026")).toBe("2026-11-03");
    expect(parseGermanDate(" 3.1.2026 ")).toBe("2026-01-03");
  });
  it("accepts the 29th of February only in leap years", () => {
    expect(parseGermanDate("29.02.2028")).toBe("2028-02-29");
    expect(parseGermanDate("29.02.2026")).toBeNull();
  });
  it("refuses days that do not exist and other formats", () => {
    for (
      const text of [
        "31.04.2026",
        "00.01.2026",
        "12.13.2026",
        "2026-01-03",
        "abc",
        "3112202",
        "20012",
        "310427",
        "1.1.202",
      ]
    ) {
      expect(parseGermanDate(text), text).toBeNull();
    }
  });
  it("reads digits alone and a two-digit year, as a phone keypad types them (issue 25, point 17)", () => {
    expect(parseGermanDate("20012027")).toBe("2027-01-20");
    expect(parseGermanDate("200127")).toBe("2027-01-20");
    expect(parseGermanDate("20.01.27")).toBe("2027-01-20");
    expect(parseGermanDate("1.1.26")).toBe("2026-01-01");
    // The separator key of a German decimal keypad is the comma.
    expect(parseGermanDate("20,01,2027")).toBe("2027-01-20");
    expect(parseGermanDate("29022028")).toBe("2028-02-29");
    expect(parseGermanDate("29022026")).toBeNull();
  });
});

describe("formatGermanDate", () => {
  it("writes ISO dates as TT.MM.JJJJ and nothing for empty or broken values", () => {
    expect(formatGermanDate("2026-01-03")).toBe("03.01.2026");
    expect(formatGermanDate("2026-01-03T10:00:00Z")).toBe("03.01.2026");
    expect(formatGermanDate("")).toBe("");
    expect(formatGermanDate("2026-02-30")).toBe("");
  });
});

describe("weekday and ISO helpers", () => {
  it("counts weekdays from Monday", () => {
    expect(mondayIndex("2026-11-23")).toBe(0); // a Monday
    expect(mondayIndex("2026-11-22")).toBe(6); // a Sunday
  });
  it("splits ISO dates", () => {
    expect(parseIsoDate("2026-11-23")).toEqual([2026, 11, 23]);
    expect(parseIsoDate("23.11.2026")).toBeNull();
  });
});

describe("parseTime", () => {
  it("reads the usual ways of typing a time", () => {
    expect(parseTime("14:30")).toBe("14:30");
    expect(parseTime("1430")).toBe("14:30");
    expect(parseTime("930")).toBe("09:30");
    expect(parseTime("9")).toBe("09:00");
    expect(parseTime("9.15")).toBe("09:15");
  });
  it("refuses times that do not exist", () => {
    for (const text of ["24:00", "12:60", "ab:cd", "", "1:2"]) {
      expect(parseTime(text), text).toBeNull();
    }
  });
});
