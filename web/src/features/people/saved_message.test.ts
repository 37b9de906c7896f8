import { describe, expect, it } from "vitest";
import { savedMessage } from "./saved_message.ts";

describe("the person form's save toast (issue 25)", () => {
  it("says how many lessons lie in the person's vacations", () => {
    expect(savedMessage("Gespeichert.", 2)).toEqual({
      text: "Gespeichert. 2 Termine liegen im Urlaub und gelten als betroffen.",
      tone: "warning",
    });
    expect(savedMessage("Gespeichert.", 1).text).toBe(
      "Gespeichert. 1 Termin liegt im Urlaub und gilt als betroffen.",
    );
  });

  it("stays the plain success when no lesson is hit", () => {
    expect(savedMessage("Gespeichert.", 0)).toEqual({ text: "Gespeichert.", tone: "success" });
  });
});
