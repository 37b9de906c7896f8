import assert from "node:assert/strict";
import { examsAtRisk } from "./exams_at_risk.ts";

Deno.test("exams at risk: only students with an exam and something open, earliest exam first", () => {
  const students = [
    { id: "S1", examAt: "2027-03-12T10:00" },
    { id: "S2" },
    { id: "S3", examAt: "2027-03-05T08:00" },
    { id: "S4", examAt: "2027-03-01T08:00" },
  ];
  const unplanned = [
    { student: "S1", missing: 3, reason: "Höchstens 1 Fahrstunde pro Tag." },
    { student: "S1", kind: "night", missing: 2, reason: "Nachtfahrt: …" },
    { student: "S2", missing: 5, reason: "…" },
    { student: "S3", kind: "overland", missing: 5, reason: "Prüfung am 05.03.: vorher keine …" },
  ];
  const names = new Map([["S1", "Anna Alt"], ["S3", "Cem Cakir"]]);
  assert.deepEqual(examsAtRisk(students, unplanned, names), [
    {
      student_name: "Cem Cakir",
      exam_at: "2027-03-05T08:00",
      missing_lessons: 0,
      missing_units: 5,
      reason: "Prüfung am 05.03.: vorher keine …",
    },
    {
      student_name: "Anna Alt",
      exam_at: "2027-03-12T10:00",
      missing_lessons: 3,
      missing_units: 2,
      reason: "Höchstens 1 Fahrstunde pro Tag.",
    },
  ]);
});
