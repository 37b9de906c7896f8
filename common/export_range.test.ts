import { describe, expect, it } from "vitest";
import { exportRange, lastExportDay } from "./export_range.ts";

describe("the range of an export", () => {
  it("spans at most one year, leap days included", () => {
    expect(lastExportDay("2027-01-01")).toBe("2027-12-31");
    expect(lastExportDay("2026-11-28")).toBe("2027-11-27");
    expect(lastExportDay("2028-02-29")).toBe("2029-02-28");
  });

  it("keeps a closed range of up to a year and refuses a wider one", () => {
    const today = "2026-11-28";
    expect(exportRange({ from: "2027-01-01", to: "2027-12-31" }, today)).toEqual({
      from: "2027-01-01",
      to: "2027-12-31",
    });
    expect(exportRange({ from: "2027-01-01", to: "2028-01-01" }, today)).toBeNull();
  });

  it("fills an open end with a year from the other end, and from today when both are open", () => {
    const today = "2026-11-28";
    expect(exportRange({ from: "2027-03-01", to: null }, today)).toEqual({
      from: "2027-03-01",
      to: "2028-02-29",
    });
    expect(exportRange({ from: null, to: "2026-12-31" }, today)).toEqual({
      from: "2026-01-01",
      to: "2026-12-31",
    });
    expect(exportRange({ from: null, to: null }, today)).toEqual({
      from: "2026-11-28",
      to: "2027-11-27",
    });
  });
});
