import { describe, expect, it } from "vitest";
import { tutorialSteps } from "./tutorial_steps.ts";

// Issue 25, point 20: a phone has no mouse and its hours are no grid of columns and rows.
describe("the availability tutorial", () => {
  for (const role of ["instructor", "student"] as const) {
    it(`speaks of the finger on a phone and of the mouse at a desk (${role})`, () => {
      const phone = tutorialSteps(role, false).map((s) => s.text).join(" ");
      expect(phone).not.toMatch(/Maus|Klick|Spalte|Zeile|Zelle/);
      expect(phone).toContain("Finger");
      const desk = tutorialSteps(role, true).map((s) => s.text).join(" ");
      expect(desk).toContain("Maustaste");
      expect(tutorialSteps(role, false)).toHaveLength(4);
    });
  }
});
