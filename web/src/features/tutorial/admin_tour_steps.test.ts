import { describe, expect, it } from "vitest";
import {
  adminTourSection,
  adminTourSteps,
  adminTourStepsFor,
  adminTourWelcome,
  testDataOnlyNote,
} from "./admin_tour_steps.ts";

describe("the admin tour's steps", () => {
  it("has the spec's 54 steps in its sections by step index", () => {
    expect(adminTourSteps).toHaveLength(54);
    const counts = new Map<string, number>();
    adminTourSteps.forEach((_, i) => {
      const section = adminTourSection(i);
      counts.set(section, (counts.get(section) ?? 0) + 1);
    });
    expect([...counts]).toEqual([
      ["Fragebogen-Ablauf", 14],
      ["Testdaten", 5],
      ["Excel-Import", 5],
      ["Verwaltung", 11],
      ["KI-Planung", 5],
      ["Termine", 5],
      ["Aufräumen", 4],
      ["Echte Daten", 5],
    ]);
    expect(adminTourSection(54)).toBe("Abschluss");
    // Each of the spec's conditions is used at least once.
    const kinds = new Set(adminTourSteps.map((s) => s.condition?.kind).filter(Boolean));
    expect([...kinds].sort()).toEqual(["appear", "click", "closed", "file"]);
  });
  it("the admin tour's skips lead to the step after their import's chain", () => {
    const skips = adminTourSteps.flatMap((s, i) =>
      s.skip ? [[i, adminTourSteps[s.skip.to].title]] : []
    );
    expect(skips).toEqual([[21, "Jetzt die Fahrschüler"], [25, "Ihre Fahrlehrer"]]);
  });
  it("cleans up only the test data: no step tells the office to delete all people", () => {
    // Issue 25: the tour runs on the school's live data, and its clean-up said to delete all
    // students and instructors, real ones included.
    const cleanup = adminTourSteps.find((s) => s.title === "Testdaten entfernen")!;
    expect(cleanup.target).toBe("[data-tutorial='test-data-removal']");
    expect(cleanup.text).toContain("„Testdaten entfernen“");
    expect(cleanup.text).toContain("Ihre echten Fahrlehrer und Fahrschüler bleiben erhalten");
    for (const step of adminTourSteps) {
      expect(step.text).not.toMatch(/dann die Fahrschüler und zuletzt die Fahrlehrer/);
    }
    // The buttons that delete everyone are named as such.
    const management = adminTourSteps.find((s) => s.title === "Datenverwaltung")!;
    expect(management.text).toContain("auch Ihre echten");
    expect(adminTourWelcome.text).toContain("Ihre echten Daten bleiben unberührt");
  });
});

describe("the planning step of a school with real people", () => {
  it("says that only the test data are planned, and only then", () => {
    const planning = (steps: typeof adminTourSteps) =>
      steps.find((s) => s.title === "Planung starten")!;
    expect(adminTourStepsFor(false)).toBe(adminTourSteps);
    expect(planning(adminTourSteps).text).not.toContain(testDataOnlyNote);
    const withReal = adminTourStepsFor(true);
    expect(planning(withReal).text).toContain("nur die Testdaten");
    expect(planning(withReal).text).toContain("Termine bleiben unberührt");
    // The other steps stay the same objects: the engine keeps its place in them.
    expect(withReal.filter((s, i) => s !== adminTourSteps[i])).toHaveLength(1);
  });
});

describe("what the admin tour points at", () => {
  it("reaches other features' elements only by their data-tutorial handles", () => {
    // Issue 21: ~50 selectors into other features' CSS classes broke with any restyling. Left
    // are the shared screen parts of components/ui and the app's frame.
    const shared =
      /^(\.modal(-footer|-overlay)?|\.modal \.table-wrap|\.page-header(-actions)?|\.toolbar|\.data-table|\.list-search|\.top-nav)\b/;
    const selectors = adminTourSteps.flatMap((s) => [
      s.target,
      s.condition && "selector" in s.condition ? s.condition.selector : undefined,
      s.skip?.selector,
    ]).filter((x): x is string => x !== undefined);
    const strangers = selectors.filter((x) => !x.startsWith("[data-tutorial=") && !shared.test(x));
    expect(strangers).toEqual([]);
  });
});
