import { describe, expect, it } from "vitest";
import { relativeGermanTime } from "./relative_time.ts";

// 23.11.2026 15:30 in Berlin (CET, UTC+1).
const now = new Date("2026-11-23T14:30:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe("relativeGermanTime", () => {
  it("says how long ago in German, by minutes, hours, then Berlin calendar days", () => {
    const cases: [string, string][] = [
      [ago(0), "Gerade eben"],
      [ago(-2), "Gerade eben"],
      [ago(1), "vor 1 Minute"],
      [ago(5), "vor 5 Minuten"],
      [ago(59), "vor 59 Minuten"],
      [ago(60), "vor 1 Stunde"],
      [ago(15 * 60), "vor 15 Stunden"],
      // 22.11. 23:50 Berlin: yesterday, though not 24 hours ago.
      ["2026-11-22T22:50:00Z", "gestern"],
      ["2026-11-21T08:00:00Z", "vorgestern"],
      ["2026-11-18T08:00:00Z", "vor 5 Tagen"],
      ["2026-11-10T12:05:00Z", "10.11.2026, 13:05"],
      ["kein Datum", ""],
    ];
    for (const [timestamp, text] of cases) {
      expect([timestamp, relativeGermanTime(timestamp, now)]).toEqual([timestamp, text]);
    }
  });
});
