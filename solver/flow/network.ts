/**
 * The flow network of the network-shaped rules: student -> student day -> (hour, transmission)
 * vehicle node -> instructor hour -> break window -> instructor day -> instructor week -> sink.
 * Each unit of flow is one lesson; every capacity is one hard limit left after fixed appointments.
 * Here the rules of rules/ are the network's structure, not their fit tests: the caps the rule files
 * compute into the model (student day, instructor day and week, vehicles per hour), capacity 1 per
 * instructor and student hour (double booking), edges only where the rules of availability and
 * qualification allow them, and the break rule relaxed to windows (routing/repair.ts closes the
 * runs still too long).
 */
import { FlowNetwork } from "./flow.ts";
import type { Transmission } from "../instance.ts";
import { type Model, slot } from "../model.ts";
import { breakWindows } from "../rules/break_after_hours.ts";
import { neededTransmissions, TRANSMISSIONS } from "../rules/needs.ts";
import { canTeach } from "../rules/qualification.ts";

/** One possible lesson edge of a student at an hour with a transmission. */
export interface LessonEdge {
  edge: number;
  student: number;
  transmission: Transmission;
  day: number;
  hour: number;
}

/** One edge from an hour's vehicle node to an instructor who could teach then. */
export interface TeachEdge {
  edge: number;
  instructor: number;
  transmission: Transmission;
  day: number;
  hour: number;
}

export interface LessonNetwork {
  net: FlowNetwork;
  source: number;
  sink: number;
  /** Source edge per student with the student's total need. */
  needEdges: { edge: number; student: number; need: number }[];
  /** Students whose transmissions share one chain (merged side): their needs per transmission are not enforced. */
  mergedStudents: Set<number>;
  /** Student-day edges, to take a day away from a student and transmission. */
  dayEdges: Map<string, number>;
  lessons: LessonEdge[];
  teaching: TeachEdge[];
  /** Instructor-hour edges (cap 1), to forbid an hour for the break rule. */
  hourEdges: Map<number, number>;
}

/**
 * "split": every student and transmission gets its own chain (exact needs per transmission; a
 * student with both may get two lessons on a day or in an hour, which the planner repairs).
 * "merged": students with both transmissions share one chain (exact per day and hour, needs only
 * in total). Both are relaxations of the hard rules, so either max-flow is an upper bound.
 */
export type StudentSide = "split" | "merged";

const T_INDEX: Record<Transmission, number> = { manual: 0, automatic: 1 };

/** Builds the lesson network of a model. */
export function buildNetwork(model: Model, side: StudentSide): LessonNetwork {
  const { instance, days } = model;
  const net = new FlowNetwork();
  const source = net.addNode(), sink = net.addNode();
  const instructors = instance.instructors;
  const big = 1 << 20;

  // Instructor side: hour -> break window -> day -> week -> sink.
  const hourNode = new Map<number, number>();
  const hourEdges = new Map<number, number>();
  instructors.forEach((ins, i) => {
    const free = model.instructorFree[i], fixed = model.instructorFixed[i];
    for (let w = 0; w < model.weeks; w++) {
      let weekNode = -1;
      for (let d = 0; d < days; d++) {
        if (model.weekOfDay[d] !== w || model.instructorDayCap[i][d] === 0) continue;
        const hours = [...Array(24).keys()].filter((h) => free[slot(d, h)]);
        if (hours.length === 0 || model.instructorWeekCap[i][w] === 0) continue;
        if (weekNode < 0) {
          weekNode = net.addNode();
          net.addEdge(weekNode, sink, model.instructorWeekCap[i][w]);
        }
        const dayNode = net.addNode();
        net.addEdge(dayNode, weekNode, model.instructorDayCap[i][d]);
        const possible = Array.from(
          { length: 24 },
          (_, h) => model.instructorPossible[i][slot(d, h)] === 1,
        );
        const windowOf = new Map<number, number>();
        for (const [from, to] of breakWindows(possible, model.breakLimit, model.breakGap)) {
          let fixedIn = 0;
          for (let h = from; h < to; h++) fixedIn += fixed[slot(d, h)];
          const node = net.addNode();
          net.addEdge(node, dayNode, Math.max(0, model.breakLimit - fixedIn));
          for (let h = from; h < to; h++) windowOf.set(h, node);
        }
        for (const h of hours) {
          const node = net.addNode();
          const key = (i * days + d) * 24 + h;
          hourNode.set(key, node);
          hourEdges.set(key, net.addEdge(node, windowOf.get(h) ?? dayNode, 1));
        }
      }
    }
    void ins;
  });

  // Middle: one vehicle node per hour and transmission, feeding the qualified free instructors.
  const vehicleIn = new Map<number, number>();
  const teaching: TeachEdge[] = [];
  const vehicleNode = (d: number, h: number, t: Transmission): number => {
    const key = slot(d, h) * 2 + T_INDEX[t];
    let vin = vehicleIn.get(key);
    if (vin !== undefined) return vin;
    vin = -1;
    const teachers: number[] = [];
    instructors.forEach((ins, i) => {
      if (canTeach(ins, t) && hourNode.has((i * days + d) * 24 + h)) teachers.push(i);
    });
    const vehicles = model.vehicleCap ? model.vehicleCap[t][slot(d, h)] : big;
    if (teachers.length > 0 && vehicles > 0) {
      vin = net.addNode();
      const vout = net.addNode();
      net.addEdge(vin, vout, vehicles);
      for (const i of teachers) {
        const edge = net.addEdge(vout, hourNode.get((i * days + d) * 24 + h)!, 1);
        teaching.push({ edge, instructor: i, transmission: t, day: d, hour: h });
      }
    }
    vehicleIn.set(key, vin);
    return vin;
  };

  // Student side.
  const needEdges: LessonNetwork["needEdges"] = [];
  const mergedStudents = new Set<number>();
  const dayEdges = new Map<string, number>();
  const lessons: LessonEdge[] = [];
  instance.students.forEach((st, s) => {
    const needed = neededTransmissions(st);
    const merged = side === "merged" && needed.length > 1;
    const chains: (Transmission[])[] = merged ? [needed] : needed.map((t) => [t]);
    if (merged) mergedStudents.add(s);
    // One edge per student carries the fairness cap; below it each chain is capped by its need.
    const total = st.needs.manual + st.needs.automatic;
    if (total === 0) return;
    const top = net.addNode();
    needEdges.push({ edge: net.addEdge(source, top, total), student: s, need: total });
    for (const ts of chains) {
      const node = net.addNode();
      net.addEdge(top, node, ts.reduce((n, t) => n + st.needs[t], 0));
      for (let d = 0; d < days; d++) {
        if (model.studentDayCap[s][d] === 0) continue;
        let dayNode = -1;
        for (const h of hoursOfDay(model, s, d)) {
          const targets = ts.map((t) => [t, vehicleNode(d, h, t)] as const).filter(([, v]) =>
            v >= 0
          );
          if (targets.length === 0) continue;
          if (dayNode < 0) {
            dayNode = net.addNode();
            dayEdges.set(
              `${s}/${ts.join("+")}/${d}`,
              net.addEdge(node, dayNode, model.studentDayCap[s][d]),
            );
          }
          let from = dayNode;
          if (targets.length > 1) {
            from = net.addNode();
            net.addEdge(dayNode, from, 1);
          }
          for (const [t, v] of targets) {
            lessons.push({
              edge: net.addEdge(from, v, 1),
              student: s,
              transmission: t,
              day: d,
              hour: h,
            });
          }
        }
      }
    }
  });
  void TRANSMISSIONS;
  return { net, source, sink, needEdges, mergedStudents, dayEdges, lessons, teaching, hourEdges };
}

/**
 * The student's free hours of a day, those outside their preferred windows first. The flow
 * explores a node's edges newest first, so lessons go to preferred hours where the flow is free
 * to choose, which leaves the soft search less to move.
 */
function hoursOfDay(model: Model, s: number, d: number): number[] {
  const free: number[] = [], preferred: number[] = [];
  for (let h = 0; h < 24; h++) {
    const k = slot(d, h);
    if (model.studentFree[s][k]) (model.studentPreferred[s][k] ? preferred : free).push(h);
  }
  return free.concat(preferred);
}
