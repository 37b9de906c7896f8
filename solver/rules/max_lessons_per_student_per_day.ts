/** Hard rule: at most maxLessonsPerStudentPerDay lessons per student and day, fixed appointments included. */
import { countLimit } from "./rule.ts";
import { studentDayCapacity } from "../../common/driving_limits.ts";

export { studentDayCapacity };

/** In the flow network the edge of a student day (flow/network.ts) carries this cap. */
export const maxLessonsPerStudentPerDay = countLimit({
  id: "max_lessons_per_student_per_day",
  germanName: "Max. Fahrstunden pro Schüler und Tag",
  side: "student",
  size: (m) => m.instance.students.length * m.days,
  keyOf: (m, l) => l.student * m.days + l.day,
  cap: (m, k) => m.studentDayCap[Math.floor(k / m.days)][k % m.days],
  label: (m, l) => `${m.instance.students[l.student].id} am ${m.dates[l.day]}`,
  // A double lesson is one appointment of the student's day: its second slot does not count.
  counts: (l) => !l.cont,
  reason: (s) => {
    const n = s.maxLessonsPerStudentPerDay;
    return `Höchstens ${n} Fahrstunde${
      n > 1 ? "n" : ""
    } pro Tag: zu wenige verfügbare Tage im Planungszeitraum.`;
  },
});
