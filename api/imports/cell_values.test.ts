import { assertEquals } from "../testing/assert.ts";
import { readDate, readDateRanges, readTime, readTimeRanges, readYesNo } from "./cell_values.ts";

const value = <T>(r: { ok: boolean; value?: T; reason?: string }) => r.ok ? r.value : r.reason;

Deno.test("times as Excel cells and as people type them", () => {
  const cases: [unknown, string][] = [
    [new Date("1899-12-30T07:59:59.999Z"), "08:00"], // exceljs' rounding of 8/24
    [new Date("1899-12-30T13:30:00Z"), "13:30"],
    [8 / 24, "08:00"],
    [(14 * 60 + 15) / 1440, "14:15"],
    [8, "08:00"],
    ["8:00", "08:00"],
    ["08.00", "08:00"],
    ["8 Uhr", "08:00"],
    ["8.30 Uhr", "08:30"],
    ["08:00:00", "08:00"],
    [{ formula: "TIME(9,0,0)", result: 9 / 24 }, "09:00"],
    ["25:00", "„25:00“ ist keine Uhrzeit (z. B. 08:00)"],
    ["acht", "„acht“ ist keine Uhrzeit (z. B. 08:00)"],
  ];
  for (const [input, expected] of cases) {
    assertEquals(value(readTime(input)), expected, String(input));
  }
});

Deno.test("dates as cells, serials and German text", () => {
  const cases: [unknown, string][] = [
    [new Date("2027-07-18T23:59:59.999Z"), "2027-07-19"],
    [46587, "2027-07-19"], // =DATE(2027;7;19) in Excel
    ["1.7.27", "2027-07-01"],
    ["01.07.2027", "2027-07-01"],
    ["2027-07-01", "2027-07-01"],
    ["31.02.2027", "31.02.2027 gibt es nicht"],
  ];
  for (const [input, expected] of cases) {
    assertEquals(value(readDate(input)), expected, String(input));
  }
});

Deno.test("ranges of dates and times in one cell", () => {
  assertEquals(value(readDateRanges("19.07.2027-30.07.2027; 24.12.2027")), [
    { start: "2027-07-19", end: "2027-07-30" },
    { start: "2027-12-24", end: "2027-12-24" },
  ]);
  assertEquals(
    value(readDateRanges("30.07.2027 bis 19.07.2027")),
    "Zeitraum „30.07.2027 bis 19.07.2027“: Das Enddatum darf nicht vor dem Startdatum liegen",
  );
  assertEquals(
    value(readDateRanges("01.01.2027-31.12.2030")),
    "Zeitraum „01.01.2027-31.12.2030“: Eine Abwesenheit darf höchstens ein Jahr lang sein",
  );
  assertEquals(value(readTimeRanges("09:45-10:30, 11:15 bis 12 Uhr")), [
    { start: "09:45", end: "10:30" },
    { start: "11:15", end: "12:00" },
  ]);
  assertEquals(value(readTimeRanges("10-11 Uhr und 13-14")), [
    { start: "10:00", end: "11:00" },
    { start: "13:00", end: "14:00" },
  ]);
  assertEquals(value(readTimeRanges("morgens")), "„morgens“ ist kein Zeitraum (z. B. 09:45-10:30)");
});

Deno.test("ja/nein with the form's default", () => {
  assertEquals(value(readYesNo("", true)), true);
  assertEquals(value(readYesNo("Nein", true)), false);
  assertEquals(value(readYesNo(true, false)), true);
  assertEquals(value(readYesNo("x", false)), true);
  assertEquals(value(readYesNo("vielleicht", true)), "„vielleicht“ ist weder „ja“ noch „nein“");
});
