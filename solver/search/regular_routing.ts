/**
 * Stammfahrlehrer: every student gets a regular instructor, and the lessons are re-routed so that
 * as many as possible are with that instructor.
 *
 * The re-routing keeps every instructor's taught hours and each hour's lessons per transmission
 * (the "places": instructor, hour, transmission), so the instructors' day and week caps, runs
 * before a break and vehicles hold exactly as before. Only which student drives in which place
 * changes, under the student rules (available and free hour, lessons per day, qualification via
 * the place's transmission). That is a flow: student -> student day (its cap) -> place -> sink.
 * First only the places of the student's regular instructor are open (a max-flow: the most
 * lessons with regulars), then every place (the flow grows to every lesson again, which is
 * possible because the current plan is such a flow). Students with lessons of both transmissions
 * keep their places (a student day cannot be split by transmission in this flow).
 */
import type { Lesson } from "../flow/assign.ts";
import { FlowNetwork } from "../flow/flow.ts";
import { type Model, slot } from "../model.ts";
import { canTeach } from "../rules/qualification.ts";

/**
 * Per student the regular instructor: the preferred one when qualified for every transmission the
 * student drives, else the one teaching most of the student's lessons (ties: most common free
 * hours), or -1 without lessons.
 */
export function chooseRegulars(model: Model, lessons: Lesson[]): Int32Array {
  const { instance } = model;
  const nI = instance.instructors.length;
  const counts = new Int32Array(instance.students.length * nI);
  for (const l of lessons) counts[l.student * nI + l.instructor]++;
  return Int32Array.from(instance.students, (st, s) => {
    const drives = (["manual", "automatic"] as const).filter((t) => st.needs[t] > 0);
    const qualified = (i: number) => drives.every((t) => canTeach(instance.instructors[i], t));
    const p = st.preferredInstructor === undefined
      ? -1
      : model.instructorIndex.get(st.preferredInstructor) ?? -1;
    if (p >= 0 && qualified(p)) return p;
    let best = -1, most = 0;
    for (let i = 0; i < nI; i++) {
      const n = counts[s * nI + i];
      if (n > most && qualified(i)) (most = n, best = i);
    }
    return best;
  });
}

/** Re-routes `lessons` in place towards each student's regular instructor; returns lessons with it before and after. */
export function routeToRegulars(
  model: Model,
  lessons: Lesson[],
  regular: Int32Array,
): { before: number; after: number } {
  const nS = model.instance.students.length;
  // Students with lessons of both transmissions keep each lesson's day and transmission (a
  // student day cannot be split by transmission in this flow); with two lessons on one day they
  // keep their places.
  const mixed = new Uint8Array(nS), firstT = new Array<string | undefined>(nS);
  const perDay = new Map<number, number>();
  for (const l of lessons) {
    if (firstT[l.student] === undefined) firstT[l.student] = l.transmission;
    else if (firstT[l.student] !== l.transmission) mixed[l.student] = 1;
    const key = l.student * model.days + l.day;
    perDay.set(key, (perDay.get(key) ?? 0) + 1);
  }
  const fixedStudent = new Uint8Array(nS);
  for (const l of lessons) {
    if (mixed[l.student] && perDay.get(l.student * model.days + l.day)! > 1) {
      fixedStudent[l.student] = 1;
    }
  }
  const movable = lessons.map((l, L) => (fixedStudent[l.student] ? -1 : L)).filter((L) => L >= 0);
  const before = lessons.filter((l) => l.instructor === regular[l.student]).length;
  if (movable.length === 0) return { before, after: before };

  const net = new FlowNetwork();
  const source = net.addNode(), sink = net.addNode();
  // Places: one node each, with an edge to the sink.
  const placeNode = new Map<number, number>(); // (instructor * H + slot) -> node
  const H = model.days * 24;
  const places: { L: number; node: number }[] = [];
  for (const L of movable) {
    const l = lessons[L], key = l.instructor * H + slot(l.day, l.hour);
    const node = net.addNode();
    net.addEdge(node, sink, 1);
    placeNode.set(key, node);
    places.push({ L, node });
  }
  // Places by (transmission, slot) for the students' edges.
  const bySlot: ({ instructor: number; node: number }[] | undefined)[] = new Array(2 * H);
  for (const { L, node } of places) {
    const l = lessons[L], k = (l.transmission === "manual" ? 0 : 1) * H + slot(l.day, l.hour);
    (bySlot[k] ??= []).push({ instructor: l.instructor, node });
  }
  const ownLessons: number[][] = Array.from({ length: nS }, () => []);
  for (const L of movable) ownLessons[lessons[L].student].push(L);
  // Per lesson-taking node (a student, or one lesson of a mixed student) its edges to places.
  const studentEdges: {
    edge: number;
    student: number;
    lesson: number;
    instructor: number;
    k: number;
  }[] = [];
  // Opened after the regular's places: the second instructor's (the one with most of the
  // student's other lessons), then the student's own current places, so every lesson finds a
  // place again (the current plan is one such flow). Other instructors' places are left out: the
  // search that follows finds those, and the flow stays small.
  const ownerOf = new Int32Array(net.nodes).fill(-1);
  for (const { L, node } of places) ownerOf[node] = lessons[L].student;
  const nI = model.instance.instructors.length;
  const tally = new Int32Array(nS * nI);
  for (const L of movable) tally[lessons[L].student * nI + lessons[L].instructor]++;
  // Second to open: per student the known instructor with most lessons besides the regular.
  const second = Int32Array.from({ length: nS }, (_, s) => {
    let best = -1;
    for (let i = 0; i < nI; i++) {
      if (i === regular[s] || tally[s * nI + i] === 0) continue;
      if (best < 0 || tally[s * nI + i] > tally[s * nI + best]) best = i;
    }
    return best;
  });
  const familiar: number[] = [], seconds: number[] = [];
  const link = (from: number, s: number, lesson: number, t: number, k: number) => {
    for (const p of bySlot[t * H + k] ?? []) {
      if (p.instructor !== regular[s] && p.instructor !== second[s] && ownerOf[p.node] !== s) {
        continue;
      }
      const e = net.addEdge(from, p.node, 1);
      studentEdges.push({ edge: e, student: s, lesson, instructor: p.instructor, k });
      if (p.instructor === regular[s]) continue;
      net.closed[e] = 1;
      (p.instructor === second[s] ? seconds : familiar).push(e);
    }
  };
  for (let s = 0; s < nS; s++) {
    const own = ownLessons[s];
    if (own.length === 0) continue;
    if (mixed[s]) {
      // One lesson a day: the lesson keeps its day and transmission, any hour of the day.
      for (const L of own) {
        const l = lessons[L], node = net.addNode(), t = l.transmission === "manual" ? 0 : 1;
        net.addEdge(source, node, 1);
        for (let h = 0; h < 24; h++) {
          if (model.studentFree[s][slot(l.day, h)]) link(node, s, L, t, slot(l.day, h));
        }
      }
      continue;
    }
    const t = lessons[own[0]].transmission === "manual" ? 0 : 1;
    const sNode = net.addNode();
    net.addEdge(source, sNode, own.length);
    for (let d = 0; d < model.days; d++) {
      const cap = model.studentDayCap[s][d];
      if (cap <= 0) continue;
      let dayNode = -1;
      for (let h = 0; h < 24; h++) {
        const k = slot(d, h);
        if (!model.studentFree[s][k] || !bySlot[t * H + k]) continue;
        if (dayNode < 0) {
          dayNode = net.addNode();
          net.addEdge(sNode, dayNode, cap);
        }
        // A student with more than one lesson a day still drives once per hour.
        let hourNode = dayNode;
        if (cap > 1) {
          hourNode = net.addNode();
          net.addEdge(dayNode, hourNode, 1);
        }
        link(hourNode, s, -1, t, k);
      }
    }
  }
  let routed = net.maxFlow(source, sink);
  for (const e of seconds) net.closed[e] = 0;
  routed += net.maxFlow(source, sink);
  for (const e of familiar) net.closed[e] = 0;
  routed += net.maxFlow(source, sink);
  if (routed !== movable.length) return { before, after: before };
  // Every lesson found a place (the current plan is one such flow). A student's lessons are
  // alike, so each keeps its own place when it got it back and the others fill the rest in order.
  const got: { instructor: number; k: number }[][] = Array.from({ length: nS }, () => []);
  let after = lessons.filter((l) => fixedStudent[l.student] && l.instructor === regular[l.student])
    .length;
  const put = (L: number, instructor: number, k: number) => {
    const l = lessons[L];
    (l.instructor = instructor, l.day = (k / 24) | 0, l.hour = k % 24);
    if (instructor === regular[l.student]) after++;
  };
  for (const { edge, student, lesson, instructor, k } of studentEdges) {
    if (net.flow[edge] !== 1) continue;
    if (lesson >= 0) put(lesson, instructor, k);
    else got[student].push({ instructor, k });
  }
  got.forEach((places, s) => {
    if (places.length === 0 || mixed[s]) return;
    const key = (i: number, k: number) => i * H + k;
    const free = new Map(places.map((p) => [key(p.instructor, p.k), p]));
    const rest: number[] = [];
    for (const L of ownLessons[s]) {
      const l = lessons[L], own = key(l.instructor, slot(l.day, l.hour));
      if (free.has(own)) (put(L, l.instructor, slot(l.day, l.hour)), free.delete(own));
      else rest.push(L);
    }
    const left = [...free.values()];
    rest.forEach((L, n) => put(L, left[n].instructor, left[n].k));
  });
  return { before, after };
}
