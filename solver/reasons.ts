/** German sentences that name the rule keeping a student's missing lessons out of the plan. */
import type { Lesson } from "./assign.ts";
import type { Transmission } from "./instance.ts";
import { type Model, slot } from "./model.ts";
import { overlongRuns } from "./rules/breakAfterHours.ts";
import { canTeach } from "./rules/qualification.ts";

const GEAR: Record<Transmission, string> = { manual: "Schaltgetriebe", automatic: "Automatik" };

/** Builds, once per plan, the judge of the binding constraint for a student and transmission. */
export function reasoner(model: Model, lessons: Lesson[]): (s: number, t: Transmission) => string {
  const { days } = model;
  const byStudent = new Map<number, Lesson[]>();
  const instrHour = new Set<number>(),
    instrDay = new Map<number, number>(),
    instrWeek = new Map<number, number>();
  const instrHours = new Map<number, number[]>();
  const vehiclesUsed = { manual: new Map<number, number>(), automatic: new Map<number, number>() };
  for (const l of lessons) {
    if (!byStudent.has(l.student)) byStudent.set(l.student, []);
    byStudent.get(l.student)!.push(l);
    instrHour.add(l.instructor * days * 24 + slot(l.day, l.hour));
    const dk = l.instructor * days + l.day;
    instrDay.set(dk, (instrDay.get(dk) ?? 0) + 1);
    const wk = l.instructor * model.weeks + model.weekOfDay[l.day];
    instrWeek.set(wk, (instrWeek.get(wk) ?? 0) + 1);
    if (!instrHours.has(dk)) instrHours.set(dk, []);
    instrHours.get(dk)!.push(l.hour);
    const used = vehiclesUsed[l.transmission];
    used.set(slot(l.day, l.hour), (used.get(slot(l.day, l.hour)) ?? 0) + 1);
  }
  const context = { byStudent, instrHour, instrDay, instrWeek, instrHours, vehiclesUsed };
  return (s, t) => unplannedReason(model, context, s, t);
}

interface Context {
  byStudent: Map<number, Lesson[]>;
  instrHour: Set<number>;
  instrDay: Map<number, number>;
  instrWeek: Map<number, number>;
  instrHours: Map<number, number[]>;
  vehiclesUsed: Record<Transmission, Map<number, number>>;
}

/** The binding constraint for a student and transmission, judged against the finished plan. */
function unplannedReason(model: Model, c: Context, s: number, t: Transmission): string {
  const { instance, days } = model;
  const set = instance.settings;
  const qualified = instance.instructors.map((ins, i) => (canTeach(ins, t) ? i : -1)).filter((i) =>
    i >= 0
  );
  const gear = t === "automatic" ? "Automatik-Qualifikation" : "Schaltwagen-Qualifikation";
  const common = (d: number, h: number) =>
    model.studentFree[s][slot(d, h)] === 1 &&
    qualified.some((i) => model.instructorPossible[i][slot(d, h)] === 1);
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
      if (
        model.vehicleCap && (vehiclesUsed.get(slot(d, h)) ?? 0) >= model.vehicleCap[t][slot(d, h)]
      ) {
        vote(`Kein freies Fahrzeug mit ${GEAR[t]} zu den möglichen Zeiten.`);
        continue;
      }
      const free = qualified.filter((i) =>
        model.instructorFree[i][slot(d, h)] === 1 && !instrHour.has(i * days * 24 + slot(d, h))
      );
      if (free.length === 0) {
        vote("Die passenden Fahrlehrer sind zu den verfügbaren Zeiten bereits ausgebucht.");
      } else if (
        free.every((i) =>
          (instrWeek.get(i * model.weeks + model.weekOfDay[d]) ?? 0) >=
            model.instructorWeekCap[i][model.weekOfDay[d]]
        )
      ) {
        vote("Wochenlimit der Fahrlehrer erreicht.");
      } else if (
        free.every((i) => (instrDay.get(i * days + d) ?? 0) >= model.instructorDayCap[i][d])
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
