/** German sentences that name the rule keeping a student's missing lessons out of the plan. */
import type { Lesson } from "../flow/assign.ts";
import type { Transmission } from "../instance.ts";
import { type Model, slot } from "../model.ts";
import { overlongRuns } from "../rules/break_after_hours.ts";
import { canTeach } from "../rules/qualification.ts";

const GEAR: Record<Transmission, string> = { manual: "Schaltgetriebe", automatic: "Automatik" };

/** Builds, once per plan, the judge of the binding constraint for a student and transmission. */
export function reasoner(model: Model, lessons: Lesson[]): (s: number, t: Transmission) => string {
  const { days, instance } = model;
  const nI = instance.instructors.length, H = days * 24;
  const byStudent = new Map<number, Lesson[]>();
  // Grids and counters instead of maps: the judge asks them for every free hour of every
  // student with missing lessons.
  const instrHour = new Uint8Array(nI * H);
  const instrDay = new Int32Array(nI * days), instrWeek = new Int32Array(nI * model.weeks);
  const instrHours = new Map<number, number[]>();
  const vehiclesUsed = { manual: new Int32Array(H), automatic: new Int32Array(H) };
  for (const l of lessons) {
    if (!byStudent.has(l.student)) byStudent.set(l.student, []);
    byStudent.get(l.student)!.push(l);
    instrHour[l.instructor * H + slot(l.day, l.hour)] = 1;
    const dk = l.instructor * days + l.day;
    instrDay[dk]++;
    instrWeek[l.instructor * model.weeks + model.weekOfDay[l.day]]++;
    if (!instrHours.has(dk)) instrHours.set(dk, []);
    instrHours.get(dk)!.push(l.hour);
    vehiclesUsed[l.transmission][slot(l.day, l.hour)]++;
  }
  const qualified = { manual: [] as number[], automatic: [] as number[] };
  const anyPossible = { manual: new Uint8Array(H), automatic: new Uint8Array(H) };
  instance.instructors.forEach((ins, i) => {
    for (const t of ["manual", "automatic"] as const) {
      if (!canTeach(ins, t)) continue;
      qualified[t].push(i);
      for (let k = 0; k < H; k++) if (model.instructorPossible[i][k]) anyPossible[t][k] = 1;
    }
  });
  const context = {
    byStudent,
    instrHour,
    instrDay,
    instrWeek,
    instrHours,
    vehiclesUsed,
    qualified,
    anyPossible,
  };
  return (s, t) => unplannedReason(model, context, s, t);
}

interface Context {
  byStudent: Map<number, Lesson[]>;
  /** 1 where instructor i teaches at hour k (index i * days * 24 + k). */
  instrHour: Uint8Array;
  instrDay: Int32Array;
  instrWeek: Int32Array;
  instrHours: Map<number, number[]>;
  vehiclesUsed: Record<Transmission, Int32Array>;
  qualified: Record<Transmission, number[]>;
  /** 1 where some instructor qualified for the transmission could teach. */
  anyPossible: Record<Transmission, Uint8Array>;
}

/** The binding constraint for a student and transmission, judged against the finished plan. */
function unplannedReason(model: Model, c: Context, s: number, t: Transmission): string {
  const { days } = model;
  const set = model.instance.settings;
  const qualified = c.qualified[t], possible = c.anyPossible[t], H = days * 24;
  const gear = t === "automatic" ? "Automatik-Qualifikation" : "Schaltwagen-Qualifikation";
  const common = (d: number, h: number) =>
    model.studentFree[s][slot(d, h)] === 1 && possible[slot(d, h)] === 1;
  const hours = [...Array(24).keys()];
  const commonDays = [...Array(days).keys()].filter((d) => hours.some((h) => common(d, h)));
  if (commonDays.length === 0) {
    return `Keine gemeinsame freie Stunde mit einem Fahrlehrer mit ${gear}.`;
  }

  const studentDay = new Array(days).fill(0), busy = new Set<number>();
  for (const l of c.byStudent.get(s) ?? []) {
    studentDay[l.day]++;
    busy.add(slot(l.day, l.hour));
  }
  const { instrHour, instrDay, instrWeek, instrHours } = c;
  const vehiclesUsed = c.vehiclesUsed[t];
  const openDays = commonDays.filter((d) => studentDay[d] < model.studentDayCap[s][d]);
  const perDay = set.maxLessonsPerStudentPerDay;
  if (openDays.length === 0) {
    return `Höchstens ${perDay} Fahrstunde${
      perDay > 1 ? "n" : ""
    } pro Tag: zu wenige verfügbare Tage im Planungszeitraum.`;
  }
  const tally = new Map<string, number>();
  const vote = (reason: string) => tally.set(reason, (tally.get(reason) ?? 0) + 1);
  for (const d of openDays) {
    for (const h of hours) {
      if (!common(d, h) || busy.has(slot(d, h))) continue;
      if (model.vehicleCap && vehiclesUsed[slot(d, h)] >= model.vehicleCap[t][slot(d, h)]) {
        vote(`Kein freies Fahrzeug mit ${GEAR[t]} zu den möglichen Zeiten.`);
        continue;
      }
      const free = qualified.filter((i) =>
        model.instructorFree[i][slot(d, h)] === 1 && instrHour[i * H + slot(d, h)] === 0
      );
      if (free.length === 0) {
        vote("Die passenden Fahrlehrer sind zu den verfügbaren Zeiten bereits ausgebucht.");
      } else if (
        free.every((i) =>
          instrWeek[i * model.weeks + model.weekOfDay[d]] >=
            model.instructorWeekCap[i][model.weekOfDay[d]]
        )
      ) {
        vote("Wochenlimit der Fahrlehrer erreicht.");
      } else if (
        free.every((i) => instrDay[i * days + d] >= model.instructorDayCap[i][d])
      ) {
        vote(`Tageslimit der Fahrlehrer (${set.maxHoursPerDay} Stunden) erreicht.`);
      } else if (
        free.every((i) => {
          const taught = instrHours.get(i * days + d) ?? [];
          const fixed = hours.filter((x) => model.instructorFixed[i][slot(d, x)]);
          return overlongRuns([...taught, ...fixed, h], set.breakAfterHours, model.breakGap)
            .length > 0;
        })
      ) {
        vote(
          `Pausenregel: Fahrlehrer dürfen höchstens ${set.breakAfterHours} Stunden am Stück fahren.`,
        );
      } else {
        vote("Die passenden Fahrlehrer sind zu den verfügbaren Zeiten bereits ausgebucht.");
      }
    }
  }
  if (tally.size === 0) {
    return `Höchstens ${perDay} Fahrstunde${
      perDay > 1 ? "n" : ""
    } pro Tag: zu wenige verfügbare Tage im Planungszeitraum.`;
  }
  return [...tally].sort((a, b) => b[1] - a[1])[0][0];
}
