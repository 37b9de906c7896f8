import { describe, expect, it } from "vitest";
import { readPush } from "./payload.ts";

describe("readPush", () => {
  it("shows the worker's German title and body and opens its path", () => {
    expect(readPush(JSON.stringify({
      title: "Neuer Termin: Mi, 10.04.2030 um 08:00 Uhr",
      body: "Mi, 10.04.2030, 08:00 Uhr: Autobahnfahrt mit Otto Lehrer",
      url: "/kalender",
      tag: "fahrplan-7",
    }))).toEqual({
      title: "Neuer Termin: Mi, 10.04.2030 um 08:00 Uhr",
      body: "Mi, 10.04.2030, 08:00 Uhr: Autobahnfahrt mit Otto Lehrer",
      url: "/kalender",
      tag: "fahrplan-7",
    });
  });

  it("opens no other site", () => {
    for (const url of ["https://example.org/", "//example.org/x", 5]) {
      expect(readPush(JSON.stringify({ title: "T", body: "B", url })).url).toBe("/kalender");
    }
  });

  it("shows a German sentence for an empty or foreign message", () => {
    for (const text of [null, "", "kein JSON", JSON.stringify({ body: "ohne Titel" })]) {
      expect(readPush(text)).toEqual({
        title: "Fahrplan",
        body: "Es gibt Neuigkeiten zu Ihren Terminen.",
        url: "/kalender",
      });
    }
  });
});
