/**
 * The referee: checks a plan against every hard rule of docs/planner-format.md, written from the
 * text of the format and sharing no code with the planner (its own date and window arithmetic),
 * so a planner bug cannot hide behind a shared helper.
 */
import { getTimes } from "suncalc";
import type { Instance } from "./instance.ts";
import type { Plan } from "./plan_format.ts";

export type { Appointment, Plan, PlanStats } from "./plan_format.ts";

const toMinutes = (hhmm: string) =>
  parseInt(hhmm.slice(0, 2), 10) * 60 + parseInt(hhmm.slice(3), 10);
const utcDay = (date: string) => new Date(`${date}T12:00:00Z`);
const isoWeekday = (date: string) => ((utcDay(date).getUTCDay() + 6) % 7) + 1;
const mondayOf = (date: string) => {
  const t = utcDay(date);
  t.setUTCDate(t.getUTCDate() - (isoWeekday(date) - 1));
  return t.toISOString().slice(0, 10);
};

/** Sunset and civil dusk in Europe/Berlin minutes (suncalc itself; rounded up to the minute). */
function sunOn(date: string, lat: number, lon: number): { sunset: number; dusk: number } {
  const t = getTimes(new Date(`${date}T12:00:00Z`), lat, lon);
  const local = (d: Date | null) => {
    if (!d) return 24 * 60;
    const up = new Date(Math.ceil(d.getTime() / 60_000) * 60_000);
    const [h, m] = up.toLocaleTimeString("en-GB", { timeZone: "Europe/Berlin", hourCycle: "h23" })
      .split(":").map(Number);
    return h * 60 + m;
  };
  return { sunset: local(t.sunset), dusk: local(t.dusk) };
}

/** True when [from, to) minutes is inside the union of the windows (checked minute by minute). */
function insideUnion(windows: { start: string; end: string }[], from: number, to: number): boolean {
  for (let m = from; m < to; m++) {
    if (!windows.some((w) => toMinutes(w.start) <= m && m < toMinutes(w.end))) return false;
  }
  return true;
}

function overlapsAny(windows: { start: string; end: string }[], from: number, to: number): boolean {
  return windows.some((w) => toMinutes(w.start) < to && toMinutes(w.end) > from);
}

/** Every violated hard rule, in German-free plain English for developers; empty means valid. */
export function verifyPlan(instance: Instance, plan: Pick<Plan, "appointments">): string[] {
  const problems: string[] = [];
  const s = instance.settings;
  const instructors = new Map(instance.instructors.map((i) => [i.id, i]));
  const students = new Map(instance.students.map((x) => [x.id, x]));
  const vehicles = new Map(instance.vehicles.map((v) => [v.id, v]));
  const vehicleRule = s.vehicleAssignment && instance.vehicles.length > 0;
  const first = instance.start;
  const lastDay = utcDay(first);
  lastDay.setUTCDate(lastDay.getUTCDate() + instance.days - 1);
  const last = lastDay.toISOString().slice(0, 10);
  const inHorizon = (date: string) => first <= date && date <= last;

  const special = (a: { kind?: string }) => a.kind !== undefined && a.kind !== "driving_lesson";
  const specialMinutes = s.specialDrivesDouble ? 90 : 45;
  // An ordinary double lesson (ordinaryDoubleLessons "prefer"): one appointment of two lessons'
  // minutes that counts as two lessons (needs, lessons a student day).
  const doubles = s.ordinaryDoubleLessons === "prefer";
  const lessonsOf = (a: { start: string; end?: string; kind?: string }) =>
    doubles && !special(a) && endOf(a) - toMinutes(a.start.slice(11)) === 2 * s.lessonMinutes
      ? 2
      : 1;
  for (const a of plan.appointments) {
    const where = `${a.student}/${a.instructor} ${a.start}`;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:00$/.test(a.start)) {
      problems.push(`${where}: start is not on the hour`);
      continue;
    }
    const date = a.start.slice(0, 10), from = toMinutes(a.start.slice(11)), to = endOf(a);
    const length = special(a) ? specialMinutes : s.lessonMinutes * lessonsOf(a);
    if (to - from !== length) problems.push(`${where}: lasts ${to - from} minutes, not ${length}`);
    const wd = isoWeekday(date);
    if (!inHorizon(date)) problems.push(`${where}: outside the horizon`);
    const ins = instructors.get(a.instructor), st = students.get(a.student);
    if (!ins) problems.push(`${where}: unknown instructor`);
    if (!st) problems.push(`${where}: unknown student`);
    if (!ins || !st) continue;
    if (!ins.transmissions.includes(a.transmission)) {
      problems.push(`${where}: instructor not qualified for ${a.transmission}`);
    }
    if (!insideUnion(ins.work.filter((w) => w.day === wd), from, to)) {
      problems.push(`${where}: outside instructor work hours`);
    }
    if (overlapsAny(ins.breaks ?? [], from, to)) problems.push(`${where}: instructor break`);
    if (overlapsAny((ins.blocks ?? []).filter((b) => b.date === date), from, to)) {
      problems.push(`${where}: instructor block`);
    }
    const weekly = (ins.weeklyBlocks ?? []).filter((b) =>
      b.day === wd && (!b.validFrom || b.validFrom <= date) &&
      (!b.validUntil || date <= b.validUntil)
    );
    if (overlapsAny(weekly, from, to)) problems.push(`${where}: instructor weekly block`);
    if ((ins.absences ?? []).some((x) => x.from <= date && date <= x.to)) {
      problems.push(`${where}: instructor absent`);
    }
    if (!insideUnion(st.available.filter((w) => w.day === wd), from, to)) {
      problems.push(`${where}: outside student availability`);
    }
    if (overlapsAny((st.blocks ?? []).filter((b) => b.date === date), from, to)) {
      problems.push(`${where}: student block`);
    }
    if ((st.absences ?? []).some((x) => x.from <= date && date <= x.to)) {
      problems.push(`${where}: student absent`);
    }
    if (
      st.examAt &&
      `${date}T${String(Math.floor(to / 60)).padStart(2, "0")}:${
          String(to % 60).padStart(2, "0")
        }` > st.examAt
    ) {
      problems.push(`${where}: ends after the exam ${st.examAt}`);
    }
    if (special(a)) {
      if (!st.specialDrivesReleased) problems.push(`${where}: special drive not released`);
      const sun = sunOn(date, s.location.lat, s.location.lon);
      if (a.kind === "night" && from < sun.dusk) problems.push(`${where}: night drive before dusk`);
      if ((a.kind === "overland" || a.kind === "highway") && to > sun.sunset) {
        problems.push(`${where}: ${a.kind} drive ends after sunset`);
      }
    }
    if (vehicleRule) {
      const v = a.vehicle === undefined ? undefined : vehicles.get(a.vehicle);
      if (!v) problems.push(`${where}: no valid vehicle`);
      else if (v.transmission !== a.transmission) {
        problems.push(`${where}: vehicle ${v.id} has the wrong transmission`);
      }
    }
  }

  // Needs: new lessons per student and transmission; special drives per kind, in drives.
  const got = new Map<string, number>();
  const drives = new Map<string, number>();
  for (const a of plan.appointments.filter(special)) {
    drives.set(`${a.student}|${a.kind}`, (drives.get(`${a.student}|${a.kind}`) ?? 0) + 1);
  }
  for (const [key, n] of drives) {
    const [id, kind] = key.split("|");
    const units = students.get(id)?.special?.[kind as "night"] ?? 0;
    if (n > Math.ceil(units / (s.specialDrivesDouble ? 2 : 1))) {
      problems.push(`${id}: ${n} ${kind} drives, needs ${units} units`);
    }
  }
  for (const a of plan.appointments.filter((x) => !special(x))) {
    const key = `${a.student}|${a.transmission}`;
    got.set(key, (got.get(key) ?? 0) + lessonsOf(a));
  }
  for (const [key, n] of got) {
    const [id, t] = key.split("|");
    const st = students.get(id);
    if (st && n > st.needs[t as "manual" | "automatic"]) {
      problems.push(`${id}: ${n} ${t} lessons, needs ${st.needs[t as "manual" | "automatic"]}`);
    }
  }

  // Everything below counts fixed appointments too, in every whole hour each one touches.
  const all = [
    ...instance.fixed.map((f) => ({ ...f, fixed: true })),
    ...plan.appointments.map((a) => ({ ...a, fixed: false })),
  ].flatMap((a) => {
    const from = toMinutes(a.start.slice(11)), minutes = endOf(a) - from;
    const hours = Math.max(1, Math.ceil(minutes / 60));
    return Array.from({ length: hours }, (_, k) => ({
      ...a,
      start: `${a.start.slice(0, 11)}${String(from / 60 + k).padStart(2, "0")}:00`,
      first: k === 0,
      minutes: k === 0 ? minutes : 0,
      lessons: k === 0 ? lessonsOf(a) : 0,
    }));
  });
  const twice = (label: string, keyOf: (a: (typeof all)[number]) => string | null) => {
    const seen = new Map<string, number>();
    for (const a of all) {
      const k = keyOf(a);
      if (k !== null) seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    for (const [k, n] of seen) if (n > 1) problems.push(`${label} ${k} booked ${n} times`);
  };
  twice("instructor", (a) => `${a.instructor} ${a.start}`);
  twice("student", (a) => `${a.student} ${a.start}`);
  if (vehicleRule) twice("vehicle", (a) => (a.vehicle ? `${a.vehicle} ${a.start}` : null));

  // Limits count only lessons inside the horizon; a limit broken by fixed ones alone is trusted.
  const inside = all.filter((a) => inHorizon(a.start.slice(0, 10)));
  const limit = (
    label: string,
    keyOf: (a: (typeof inside)[number]) => string,
    max: number,
    weight: (a: (typeof inside)[number]) => number = () => 1,
  ) => {
    const total = new Map<string, number>(), newOnes = new Map<string, number>();
    for (const a of inside) {
      const k = keyOf(a);
      total.set(k, (total.get(k) ?? 0) + weight(a));
      if (!a.fixed) newOnes.set(k, (newOnes.get(k) ?? 0) + 1);
    }
    for (const [k, n] of total) {
      if (n > max && (newOnes.get(k) ?? 0) > 0) problems.push(`${label} ${k}: ${n} > ${max}`);
    }
  };
  limit("instructor day", (a) => `${a.instructor} ${a.start.slice(0, 10)}`, s.maxHoursPerDay);
  // The legal 495 minutes of driving a day, whatever the school's setting (real minutes).
  limit(
    "instructor driving minutes",
    (a) => `${a.instructor} ${a.start.slice(0, 10)}`,
    495,
    (a) => a.minutes,
  );
  limit(
    "instructor week",
    (a) => `${a.instructor} week of ${mondayOf(a.start.slice(0, 10))}`,
    s.maxAppointmentsPerWeek,
  );
  // Per student day an appointment counts once (a special drive's double lesson too), an
  // ordinary double lesson twice.
  limit(
    "student day",
    (a) => `${a.student} ${a.start.slice(0, 10)}`,
    s.maxLessonsPerStudentPerDay,
    (a) => a.lessons,
  );

  // Break rule: lessons in a row per instructor and day; a run ends at 1 free hour (2 above 60 minutes).
  const gapNeeded = s.minBreakMinutes > 60 ? 2 : 1;
  const perDay = new Map<string, { hour: number; fixed: boolean }[]>();
  for (const a of inside) {
    const k = `${a.instructor} ${a.start.slice(0, 10)}`;
    if (!perDay.has(k)) perDay.set(k, []);
    perDay.get(k)!.push({ hour: parseInt(a.start.slice(11, 13), 10), fixed: a.fixed });
  }
  for (const [k, list] of perDay) {
    list.sort((x, y) => x.hour - y.hour);
    let count = 0, anyNew = false, prev = -99;
    for (const x of list) {
      if (x.hour - prev - 1 >= gapNeeded) {
        count = 0;
        anyNew = false;
      }
      count++;
      anyNew ||= !x.fixed;
      prev = x.hour;
      if (count > s.breakAfterHours && anyNew) {
        problems.push(`instructor ${k}: ${count} lessons in a row at ${x.hour}:00`);
        break;
      }
    }
  }
  // One vehicle per instructor, day and transmission, where the school makes it a rule.
  if (vehicleRule && s.vehiclePerDay === "hard") {
    const cars = new Map<string, Set<string>>(), anyNew = new Set<string>();
    for (const a of all) {
      if (!a.vehicle || !inHorizon(a.start.slice(0, 10))) continue;
      const k = `${a.instructor} ${a.start.slice(0, 10)} ${a.transmission}`;
      if (!cars.has(k)) cars.set(k, new Set());
      cars.get(k)!.add(a.vehicle);
      if (!a.fixed) anyNew.add(k);
    }
    for (const [k, set] of cars) {
      if (set.size > 1 && anyNew.has(k)) {
        problems.push(`instructor ${k}: ${set.size} vehicles on one day (${[...set].join(", ")})`);
      }
    }
  }

  // Pickup points: between an instructor's consecutive appointments at different pickup points
  // at least pickupChangeMinutes (end of one to start of the next, same day).
  if (s.pickupChangeMinutes > 0) {
    const byDay = new Map<string, { from: number; to: number; at?: string; fixed: boolean }[]>();
    for (const a of all) {
      if (!a.first || !inHorizon(a.start.slice(0, 10))) continue;
      const k = `${a.instructor} ${a.start.slice(0, 10)}`;
      if (!byDay.has(k)) byDay.set(k, []);
      const from = toMinutes(a.start.slice(11));
      byDay.get(k)!.push({
        from,
        to: from + a.minutes,
        at: students.get(a.student)?.pickupPoint,
        fixed: a.fixed,
      });
    }
    for (const [k, list] of byDay) {
      list.sort((x, y) => x.from - y.from);
      for (let n = 1; n < list.length; n++) {
        const a = list[n - 1], b = list[n];
        if (a.fixed && b.fixed) continue;
        if (a.at === undefined || b.at === undefined || a.at === b.at) continue;
        if (b.from - a.to < s.pickupChangeMinutes) {
          problems.push(
            `instructor ${k}: ${
              b.from - a.to
            } minutes from ${a.at} to ${b.at}, needs ${s.pickupChangeMinutes}`,
          );
        }
      }
    }
  }
  return problems;

  /** End minute of an appointment: its `end`, else one ordinary lesson after its start. */
  function endOf(a: { start: string; end?: string }): number {
    return a.end ? toMinutes(a.end.slice(11)) : toMinutes(a.start.slice(11)) + s.lessonMinutes;
  }
}
