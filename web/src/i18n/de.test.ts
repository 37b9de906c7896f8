import { describe, expect, it } from "vitest";
import { de } from "./de.ts";

describe("de", () => {
  it("counts appointments in singular, plural, with German thousands and for a bucket", () => {
    expect(de.appointmentCount(1)).toBe("1 Termin");
    expect(de.appointmentCount(0)).toBe("0 Termine");
    expect(de.appointmentCount(1234)).toBe("1.234 Termine");
    expect(de.appointmentCount("1")).toBe("1 Termin");
    expect(de.appointmentCount("5+")).toBe("5+ Termine");
  });
  it("words the list texts as the spec does", () => {
    expect(de.list.empty(de.roles.student)).toBe("Keine Fahrschüler gefunden");
    expect(de.list.search(de.roles.instructor)).toBe("Fahrlehrer suchen");
    expect(de.list.nothingToExport("Fahrzeuge")).toBe("Keine Fahrzeuge zum Exportieren vorhanden");
    expect(de.pagination.pageOf(2, 7)).toBe("Seite 2 von 7");
  });
});
