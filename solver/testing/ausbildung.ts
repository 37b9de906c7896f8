/**
 * Turns a generated or example instance into a version-2 one with the Ausbildung's parts: lesson
 * length, special drives per student (class B's 5/4/3 units by default), the release flag, exams,
 * and evening hours (to 21:00, Monday to Friday) so that night drives have a chance in winter.
 */
import { addDays } from "../calendar.ts";
import { type Instance, parseInstance } from "../instance.ts";

export interface TrainingOptions {
  lessonMinutes?: 45 | 60;
  specialDrivesDouble?: boolean;
  /** Every n-th student (from the first) gets special needs; default every one. */
  specialEvery?: number;
  special?: { overland: number; highway: number; night: number };
  /** Every n-th student with special needs is not released; 0: all released. */
  unreleasedEvery?: number;
  /** Every n-th student gets an exam on day `examDay` of the horizon at 10:00; 0: none. */
  examEvery?: number;
  examDay?: number;
  /** Instructors and students available until this hour on weekdays (night drives), or none. */
  eveningUntil?: number;
  /** Students get pickup points P1..Pn in turn (student k: P(k mod n + 1)); default none. */
  pickupPoints?: number;
  /** The school's change time between pickup points (settings.pickupChangeMinutes). */
  pickupChangeMinutes?: number;
}

/** A version-2 copy of `instance` (checked by parseInstance). */
export function withTraining(instance: Instance, o: TrainingOptions = {}): Instance {
  const special = o.special ?? { overland: 5, highway: 4, night: 3 };
  const every = o.specialEvery ?? 1;
  const evening = o.eveningUntil;
  const clock = (h: number) => `${String(h).padStart(2, "0")}:00`;
  // Weekday windows reaching 19:00 are stretched to the evening; other weekdays get 19:00-evening.
  const later = <T extends { day: number; start: string; end: string }>(windows: T[]) => {
    if (evening === undefined) return windows;
    const until = clock(evening);
    const out = windows.map((w) =>
      w.day <= 5 && w.end >= "19:00" && w.end < until ? { ...w, end: until } : w
    );
    for (const day of [1, 2, 3, 4, 5]) {
      if (!out.some((w) => w.day === day && w.end >= "19:00")) {
        out.push({ day, start: "19:00", end: until } as T);
      }
    }
    return out;
  };
  const raw = {
    ...structuredClone(instance),
    format: "fahrplan-instance/2",
    settings: {
      ...instance.settings,
      lessonMinutes: o.lessonMinutes ?? 60,
      specialDrivesDouble: o.specialDrivesDouble ?? true,
      ...(o.pickupChangeMinutes ? { pickupChangeMinutes: o.pickupChangeMinutes } : {}),
    },
    instructors: instance.instructors.map((i) => ({ ...structuredClone(i), work: later(i.work) })),
    students: instance.students.map((st, k) => {
      const has = k % every === 0;
      const released =
        !(o.unreleasedEvery && (k / every) % o.unreleasedEvery === o.unreleasedEvery - 1);
      const exam = o.examEvery && k % o.examEvery === 0
        ? { examAt: `${addDays(instance.start, o.examDay ?? 20)}T10:00` }
        : {};
      return {
        ...structuredClone(st),
        available: later(st.available),
        ...(has ? { special, specialDrivesReleased: released } : {}),
        ...exam,
        ...(o.pickupPoints ? { pickupPoint: `P${(k % o.pickupPoints) + 1}` } : {}),
      };
    }),
  };
  return parseInstance(raw);
}
