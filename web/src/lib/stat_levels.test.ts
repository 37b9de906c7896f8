import { describe, expect, it } from "vitest";
import {
  fairnessTone,
  formatDecimal,
  formatPercent,
  toneClass,
  utilizationLevel,
} from "./stat_levels.ts";

describe("fairnessTone (spec 01 §5)", () => {
  it("is green only above 80, yellow above 50, red else", () => {
    expect(fairnessTone(100)).toBe("green");
    expect(fairnessTone(80.1)).toBe("green");
    expect(fairnessTone(80)).toBe("yellow");
    expect(fairnessTone(50.1)).toBe("yellow");
    expect(fairnessTone(50)).toBe("red");
    expect(fairnessTone(0)).toBe("red");
  });
});

describe("utilizationLevel (spec 01 §5)", () => {
  it("is good only above 60, moderate above 30, low else", () => {
    expect(utilizationLevel(100)).toBe("good");
    expect(utilizationLevel(60.1)).toBe("good");
    expect(utilizationLevel(60)).toBe("moderate");
    expect(utilizationLevel(30.1)).toBe("moderate");
    expect(utilizationLevel(30)).toBe("low");
    expect(utilizationLevel(0)).toBe("low");
  });

  it("maps both scales onto the same three colours", () => {
    expect([toneClass.green, toneClass.yellow, toneClass.red]).toEqual([
      "success",
      "warning",
      "error",
    ]);
    expect([toneClass.good, toneClass.moderate, toneClass.low]).toEqual([
      "success",
      "warning",
      "error",
    ]);
  });
});

describe("German number formats", () => {
  it("uses a decimal comma", () => {
    expect(formatPercent(71.4)).toBe("71,4 %");
    expect(formatPercent(75)).toBe("75 %");
    expect(formatDecimal(3.14)).toBe("3,14");
  });
});
