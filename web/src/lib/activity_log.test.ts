import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  activityStorageKey,
  readActivities,
  recordActivity,
  relativeTime,
} from "./activity_log.ts";

describe("relativeTime", () => {
  const now = new Date("2025-10-15T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("says 'Gerade eben' within the first minute", () => {
    expect(relativeTime(ago(0), now)).toBe("Gerade eben");
    expect(relativeTime(ago(59_999), now)).toBe("Gerade eben");
  });

  it("counts minutes below an hour, singular and plural", () => {
    expect(relativeTime(ago(60_000), now)).toBe("Vor 1 Minute");
    expect(relativeTime(ago(5 * 60_000), now)).toBe("Vor 5 Minuten");
    expect(relativeTime(ago(59 * 60_000 + 59_000), now)).toBe("Vor 59 Minuten");
  });

  it("counts hours below a day", () => {
    expect(relativeTime(ago(60 * 60_000), now)).toBe("Vor 1 Stunde");
    expect(relativeTime(ago(23 * 3_600_000), now)).toBe("Vor 23 Stunden");
  });

  it("shows a German day/month hour:minute date from 24 hours on, in Berlin time", () => {
    // 2025-10-13T08:05Z is 10:05 in Berlin (summer time).
    expect(relativeTime("2025-10-13T08:05:00Z", now)).toBe("13.10., 10:05");
    // In winter Berlin is UTC+1.
    expect(relativeTime("2025-01-02T23:30:00Z", now)).toBe("03.01., 00:30");
  });

  it("treats a timestamp slightly in the future (clock skew) as 'Gerade eben'", () => {
    expect(relativeTime(new Date(now.getTime() + 30_000).toISOString(), now)).toBe("Gerade eben");
  });

  it("returns an empty text for a broken timestamp instead of 'Invalid Date'", () => {
    expect(relativeTime("kaputt", now)).toBe("");
  });
});

describe("recordActivity", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it("stores entries newest first with the icon of their type", () => {
    recordActivity("Erster", "success");
    recordActivity("Zweiter", "warning");
    const list = readActivities();
    expect(list.map((e) => e.message)).toEqual(["Zweiter", "Erster"]);
    expect(list.map((e) => e.icon)).toEqual(["alert-triangle", "check-circle"]);
  });

  it("keeps at most 50 entries and drops the oldest", () => {
    for (let i = 1; i <= 53; i++) recordActivity(`Meldung ${i}`, "info");
    const list = readActivities();
    expect(list).toHaveLength(50);
    expect(list[0].message).toBe("Meldung 53");
    expect(list[49].message).toBe("Meldung 4");
    expect(JSON.parse(localStorage.getItem(activityStorageKey)!)).toHaveLength(50);
  });

  it("starts over when the stored value is not a list", () => {
    localStorage.setItem(activityStorageKey, "{kaputt");
    expect(readActivities()).toEqual([]);
    recordActivity("Neu", "error");
    expect(readActivities().map((e) => e.message)).toEqual(["Neu"]);
  });
});
