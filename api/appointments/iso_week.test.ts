import { assertEquals } from "../testing/assert.ts";
import { isoWeek, isoWeekday, mondayOf } from "./iso_week.ts";

Deno.test("ISO weeks around the turn of the year and in leap years", () => {
  assertEquals(isoWeek("2026-12-10"), { week: 50, year: 2026 });
  assertEquals(isoWeek("2026-12-28"), { week: 53, year: 2026 });
  assertEquals(isoWeek("2027-01-03"), { week: 53, year: 2026 });
  assertEquals(isoWeek("2027-01-04"), { week: 1, year: 2027 });
  assertEquals(isoWeek("2024-12-30"), { week: 1, year: 2025 });
  assertEquals(isoWeek("2027-03-29"), { week: 13, year: 2027 });
  assertEquals(isoWeek("2028-02-29"), { week: 9, year: 2028 });
});

Deno.test("weekday and Monday of a day", () => {
  assertEquals(isoWeekday("2026-11-22"), 7);
  assertEquals(isoWeekday("2026-11-23"), 1);
  assertEquals(mondayOf("2026-11-22"), "2026-11-16");
  assertEquals(mondayOf("2027-01-01"), "2026-12-28");
});
