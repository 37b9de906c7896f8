import { describe, expect, it } from "vitest";
import { defaultPlannerSettings, readStoredSettings } from "./planner_settings.ts";

describe("planner settings: lesson length", () => {
  it("a new school plans 45-minute Fahrstunden; settings saved before issue 22 keep 60", () => {
    expect(defaultPlannerSettings.training.lessonMinutes).toBe(45);
    expect(readStoredSettings(undefined).training.lessonMinutes).toBe(45);
    const { training: _, ...before } = structuredClone(defaultPlannerSettings);
    const stored = readStoredSettings(JSON.parse(JSON.stringify(before)));
    expect(stored.training.lessonMinutes).toBe(60);
    expect(stored.hard).toEqual(defaultPlannerSettings.hard);
    // A school that saved 60 (or 45) keeps it.
    const saved = structuredClone(defaultPlannerSettings);
    saved.training.lessonMinutes = 60;
    expect(readStoredSettings(saved).training.lessonMinutes).toBe(60);
  });
});
