import { describe, expect, it } from "vitest";
import { transmissionLabel } from "../../../../common/german_words.ts";
import { statusView, weekdayDate } from "./appointment_labels.ts";

describe("appointment labels", () => {
  it("names the three statuses and treats an unknown one as confirmed", () => {
    expect(statusView("confirmed").label).toBe("Bestätigt");
    expect(statusView("pending").label).toBe("Ausstehend");
    expect(statusView("cancelled").label).toBe("Storniert");
    expect(statusView("rescheduled")).toEqual(statusView("confirmed"));
  });

  it("shows the Berlin date with its weekday and the transmission in German", () => {
    expect(weekdayDate("2026-12-10")).toBe("Do, 10.12.2026");
    expect(weekdayDate("2027-03-28")).toBe("So, 28.03.2027");
    expect(transmissionLabel("automatic")).toBe("Automatik");
    expect(transmissionLabel("manual")).toBe("Schaltgetriebe");
  });
});
