/**
 * Issue 22: the detail overlay's errors come from the server after a save (person_detail.tsx),
 * the create dialog's from the client checks; both go through useCorrectedErrors in PersonForm.
 */
import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { markedFieldsSummary } from "../../lib/field_errors.ts";
import { useCorrectedErrors } from "./corrected_errors.ts";

const refused = {
  email: "Diese E-Mail-Adresse wird schon verwendet.",
  vacation_periods: "Urlaub 1: Ende vor Beginn.",
};
const form = {
  email: "mia@example.de",
  vacations: [{ key: 1, start: "2027-03-10", end: "2027-03-01" }],
};

function hook() {
  return renderHook(
    ({ errors, current }) =>
      useCorrectedErrors(errors, markedFieldsSummary(errors), current, {
        vacation_periods: ["vacations"],
      }),
    { initialProps: { errors: refused as Record<string, string>, current: form } },
  );
}

describe("the server's errors of a refused save", () => {
  it("stay while nothing changes, and each goes when its field is edited", () => {
    const { result, rerender } = hook();
    expect(result.current.errors).toEqual(refused);
    expect(result.current.problem).toBe("Bitte prüfen Sie die 2 rot markierten Angaben.");
    rerender({ errors: refused, current: { ...form, email: "mia.s@example.de" } });
    expect(result.current.errors).toEqual({ vacation_periods: refused.vacation_periods });
    expect(result.current.problem).toBe("Bitte prüfen Sie die rot markierte Angabe.");
    const vacations = [{ key: 1, start: "2027-03-10", end: "2027-03-12" }];
    rerender({ errors: refused, current: { email: "mia.s@example.de", vacations } });
    expect(result.current.errors).toEqual({});
    expect(result.current.problem).toBe("");
  });

  it("a new save's errors are measured against the form that save sent", () => {
    const { result, rerender } = hook();
    const edited = { ...form, email: "mia.s@example.de" };
    rerender({ errors: refused, current: edited });
    const again = { email: "Diese E-Mail-Adresse wird schon verwendet." };
    rerender({ errors: again, current: edited });
    expect(result.current.errors).toEqual(again);
  });

  it("a message that is no count of marked fields stays as the server said it", () => {
    const { result } = renderHook(() =>
      useCorrectedErrors({}, "Fehler beim Speichern: Zeitüberschreitung", form)
    );
    expect(result.current.problem).toBe("Fehler beim Speichern: Zeitüberschreitung");
  });
});
