import { assertEquals } from "../testing/assert.ts";
import { type Parties, qualificationProblems, unavailableBecause } from "./conflicts.ts";

// 2026-12-01 is a Tuesday (day 2).
const tuesday = "2026-12-01";
const day = {
  windows: [{ day: 2, start: "08:00", end: "12:00" }, { day: 2, start: "12:00", end: "18:00" }],
  breaks: [{ start: "13:00", end: "13:30" }],
  weeklyBlocks: [
    { day: 2, start: "16:00", end: "17:00", validFrom: "2026-12-01", validUntil: null },
  ],
  outside: "außerhalb der Arbeitszeit",
  hoursEntered: true,
  absences: [],
  blocks: [{ start: "09:00", end: "09:15", why: "Theorieunterricht" }],
};
const m = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

Deno.test("a time inside the windows is free, also across two windows that meet", () => {
  assertEquals(unavailableBecause(day, tuesday, m("11:30"), m("12:30")), "");
  assertEquals(unavailableBecause(day, tuesday, m("09:15"), m("10:15")), "");
});

Deno.test("the reason names what is in the way, to the minute", () => {
  assertEquals(
    unavailableBecause(day, tuesday, m("07:30"), m("08:30")),
    "außerhalb der Arbeitszeit",
  );
  assertEquals(
    unavailableBecause(day, tuesday, m("17:30"), m("18:01")),
    "außerhalb der Arbeitszeit",
  );
  assertEquals(unavailableBecause(day, tuesday, m("08:30"), m("09:01")), "Theorieunterricht");
  assertEquals(unavailableBecause(day, tuesday, m("12:30"), m("13:01")), "Pause");
  assertEquals(
    unavailableBecause(day, tuesday, m("15:30"), m("16:30")),
    "regelmäßig nicht verfügbar",
  );
  // The next Wednesday has no windows at all.
  assertEquals(
    unavailableBecause(day, "2026-12-02", m("10:00"), m("11:00")),
    "außerhalb der Arbeitszeit",
  );
});

Deno.test("a weekly block counts only within its validity", () => {
  assertEquals(unavailableBecause(day, "2026-11-24", m("16:00"), m("17:00")), "");
});

Deno.test("a whole-day absence wins over everything else", () => {
  const away = { ...day, absences: [{ from: "2026-11-30", to: "2026-12-02", why: "Urlaub" }] };
  assertEquals(unavailableBecause(away, tuesday, m("10:00"), m("11:00")), "Urlaub");
  assertEquals(unavailableBecause(away, "2026-12-08", m("10:00"), m("11:00")), "");
});

Deno.test("without hours entered, the office's reading skips only the hours and breaks", () => {
  const none = { ...day, windows: [], hoursEntered: false };
  const office = { withoutHoursAnyTime: true };
  // The planner's (and the free-slot search's) reading: never.
  assertEquals(
    unavailableBecause(none, tuesday, m("10:00"), m("11:00")),
    "außerhalb der Arbeitszeit",
  );
  assertEquals(unavailableBecause(none, tuesday, m("06:00"), m("07:00"), office), "");
  assertEquals(unavailableBecause(none, tuesday, m("13:00"), m("14:00"), office), "");
  assertEquals(
    unavailableBecause(none, tuesday, m("08:30"), m("09:01"), office),
    "Theorieunterricht",
  );
  assertEquals(
    unavailableBecause(none, tuesday, m("16:00"), m("17:00"), office),
    "regelmäßig nicht verfügbar",
  );
  const away = { ...none, absences: [{ from: tuesday, to: tuesday, why: "Urlaub" }] };
  assertEquals(unavailableBecause(away, tuesday, m("10:00"), m("11:00"), office), "Urlaub");
  // With hours entered the option changes nothing.
  assertEquals(
    unavailableBecause(day, "2026-12-02", m("10:00"), m("11:00"), office),
    "außerhalb der Arbeitszeit",
  );
});

Deno.test("qualification: transmission taught, vehicle's transmission and state", () => {
  const parties: Parties = {
    student: { id: 1, name: "Lena" },
    instructor: { id: 2, name: "Jörg", transmission_types: ["manual"] },
    vehicle: { id: 3, name: "DO-AU 1", transmission: "automatic", is_active: false },
  };
  assertEquals(qualificationProblems(parties, "automatic").map((c) => c.message), [
    "Jörg unterrichtet nicht mit Automatik.",
    "Fahrzeug DO-AU 1 ist nicht aktiv und kann nicht eingeplant werden.",
  ]);
  assertEquals(qualificationProblems({ ...parties, vehicle: null }, "manual"), []);
});
