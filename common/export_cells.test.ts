import { describe, expect, it } from "vitest";
import { neutralise } from "./export_cells.ts";

describe("neutralise", () => {
  it("puts an apostrophe before text a spreadsheet would run as a formula", () => {
    expect(neutralise("=SUMME(A1:A2)")).toBe("'=SUMME(A1:A2)");
    expect(neutralise("+49 170 123")).toBe("'+49 170 123");
    expect(neutralise("-5")).toBe("'-5");
    expect(neutralise("@cmd")).toBe("'@cmd");
    expect(neutralise("\tTab")).toBe("'\tTab");
    expect(neutralise("\rCR")).toBe("'\rCR");
  });
  it("leaves ordinary text, numbers and empty cells alone", () => {
    expect(neutralise("Müller = Chef")).toBe("Müller = Chef");
    expect(neutralise(-5)).toBe(-5);
    expect(neutralise(null)).toBe("");
    expect(neutralise(undefined)).toBe("");
  });
});
