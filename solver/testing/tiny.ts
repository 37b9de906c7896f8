/** Tiny hand-made instances for the rule tests: Monday 2027-03-01, no vehicles unless given. */
import { type Instance, parseInstance } from "../instance.ts";

type Raw = Record<string, unknown>;

/** One instructor (I1, manual+automatic, Mon 08-20) and students S1..Sn (manual 5, Mon 08-20), overridable. */
export function tiny(o: {
  days?: number;
  settings?: Raw;
  instructors?: Raw[];
  students?: Raw[];
  studentCount?: number;
  vehicles?: Raw[];
  fixed?: Raw[];
  /** "fahrplan-instance/2" for the Ausbildung's fields; version 1 by default. */
  format?: string;
  start?: string;
} = {}): Instance {
  const instructor = (k: number, extra: Raw = {}) => ({
    id: `I${k}`,
    transmissions: ["manual", "automatic"],
    work: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "08:00", end: "20:00" })),
    ...extra,
  });
  const student = (k: number, extra: Raw = {}) => ({
    id: `S${k}`,
    licenseClass: "B",
    needs: { manual: 5, automatic: 0 },
    available: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "08:00", end: "20:00" })),
    ...extra,
  });
  const students = o.students ?? Array.from({ length: o.studentCount ?? 1 }, () => ({}));
  return parseInstance({
    format: o.format ?? "fahrplan-instance/1",
    start: o.start ?? "2027-03-01",
    days: o.days ?? 1,
    settings: { vehicleAssignment: false, ...o.settings },
    instructors: (o.instructors ?? [{}]).map((x, k) => instructor(k + 1, x)),
    students: students.map((x, k) => student(k + 1, x)),
    vehicles: o.vehicles ?? [],
    fixed: o.fixed ?? [],
  });
}

/** Mon 2027-03-01 window list for one weekday. */
export const monday = (start: string, end: string) => [{ day: 1, start, end }];
