/**
 * The referee: checks a plan against every hard rule of FORMAT.md, written from the text of the
 * format and sharing no code with the planner (its own date and window arithmetic), so a planner
 * bug cannot hide behind a shared helper.
 */
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

  for (const a of plan.appointments) {
    const where = `${a.student}/${a.instructor} ${a.start}`;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:00$/.test(a.start)) {
      problems.push(`${where}: start is not on the hour`);
      continue;
    }
    const date = a.start.slice(0, 10), from = toMinutes(a.start.slice(11)), to = from + 60;
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
    if (vehicleRule) {
      const v = a.vehicle === undefined ? undefined : vehicles.get(a.vehicle);
      if (!v) problems.push(`${where}: no valid vehicle`);
      else if (v.transmission !== a.transmission) {
        problems.push(`${where}: vehicle ${v.id} has the wrong transmission`);
      }
    }
  }

  // Needs: new lessons per student and transmission.
  const got = new Map<string, number>();
  for (const a of plan.appointments) {
    got.set(`${a.student}|${a.transmission}`, (got.get(`${a.student}|${a.transmission}`) ?? 0) + 1);
  }
  for (const [key, n] of got) {
    const [id, t] = key.split("|");
    const st = students.get(id);
    if (st && n > st.needs[t as "manual" | "automatic"]) {
      problems.push(`${id}: ${n} ${t} lessons, needs ${st.needs[t as "manual" | "automatic"]}`);
    }
  }

  // Everything below counts fixed appointments too.
  const all = [
    ...instance.fixed.map((f) => ({ ...f, fixed: true })),
    ...plan.appointments.map((a) => ({ ...a, fixed: false })),
  ];
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
  const limit = (label: string, keyOf: (a: (typeof inside)[number]) => string, max: number) => {
    const total = new Map<string, number>(), newOnes = new Map<string, number>();
    for (const a of inside) {
      const k = keyOf(a);
      total.set(k, (total.get(k) ?? 0) + 1);
      if (!a.fixed) newOnes.set(k, (newOnes.get(k) ?? 0) + 1);
    }
    for (const [k, n] of total) {
      if (n > max && (newOnes.get(k) ?? 0) > 0) problems.push(`${label} ${k}: ${n} > ${max}`);
    }
  };
  limit("instructor day", (a) => `${a.instructor} ${a.start.slice(0, 10)}`, s.maxHoursPerDay);
  limit(
    "instructor week",
    (a) => `${a.instructor} week of ${mondayOf(a.start.slice(0, 10))}`,
    s.maxAppointmentsPerWeek,
  );
  limit("student day", (a) => `${a.student} ${a.start.slice(0, 10)}`, s.maxLessonsPerStudentPerDay);

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
  return problems;
}
