/**
 * Local search on the soft preferences (rules/continuity, preferredInstructor, preferredTimes,
 * workload). Every move keeps each student's lessons per transmission and re-checks every hard
 * rule the lesson touches (hours, day and week caps, runs before a break, vehicles), so the number
 * of lessons and fairness stay exactly as the flow left them; only who teaches and when changes.
 *
 * Moves, in this order per sweep: per hour, the best permutation of the instructors teaching or
 * free then; a lesson to the best free (hour, instructor) of its student; all of a student's
 * lessons to one instructor (taking that instructor's free hours or trading with the lesson
 * there); a lesson into a preferred hour whose instructor is busy, that other lesson moving
 * elsewhere; a lesson to an hour of its student where a home instructor (preferred, or the one
 * with most of the student's lessons) teaches someone else, that lesson moving to its own best
 * place (an ejection chain of two). Each is kept only when the weighted penalty drops.
 */
import type { Lesson } from "../flow/assign.ts";
import type { RuleTracker } from "../rules/rule.ts";
import { denseAssignment, minCostAssignment } from "./assignment.ts";
import { type Model, slot } from "../model.ts";
import { possibleLessons } from "../report/quality.ts";
import { preferredTimePenalty } from "../rules/preferred_times.ts";
import { canTeach } from "../rules/qualification.ts";
import { RuleState, SIDES } from "../rules/rulebook.ts";
import { workloadGoal, workloadPenalty } from "../rules/workload.ts";
import { chooseRegulars, routeToRegulars } from "./regular_routing.ts";
import { MonthInstructorTally } from "./month_instructor_tally.ts";
import { StudentInstructorTally } from "./student_instructor_tally.ts";
import type { SafetyNet } from "../work_budget.ts";

export interface ImproveOptions {
  /**
   * The run's time limit (work_budget.ts): once it is over the search stops and keeps the best plan
   * so far. The search itself is bounded by sweeps (20 per round, each kind of move over every
   * lesson once), and stops earlier once a sweep moves nothing.
   */
  safety?: SafetyNet;
  /** Called between moves; may throw to cancel. */
  checkCancel?: () => void;
  /** True where the pickup rule can bind: the routing to regular instructors is left out. */
  keepPickup?: boolean;
  /** Called after each sweep with the sweep number. */
  onSweep?: (sweep: number) => void;
  /**
   * Per instructor, the lessons (fixed ones included) no move may take them below
   * (flow/instructor_fairness.ts); the search starts at or above them.
   */
  instructorFloors?: number[];
}

export interface ImproveResult {
  sweeps: number;
  moves: number;
  penaltyBefore: number;
  penaltyAfter: number;
  stoppedByTime: boolean;
}

const EPS = 1e-6;
const BIG = 1e9;
/** Per lesson an instructor is below their floor (instructorFloors): above any soft gain, below BIG. */
const FLOOR_PENALTY = 1e6;
const MIN_SWEEP_GAIN = 0.0;
/** A kind of move that gains less than this share of the penalty in a sweep is dropped. */
const MIN_KIND_GAIN = 0;
/**
 * Ejection chains tried for a lesson, most promising first (when all fail, the lesson waits until
 * one of its student's lessons moves). Without a cap, 88-98 % of the chains that succeed on the
 * examples are among the first 16, while a few lessons with many futile candidates take most of
 * the search's time.
 */
const MAX_EJECTIONS = 16;
const T_INDEX = { manual: 0, automatic: 1 } as const;
/**
 * Rounds of (route lessons to the regular instructors, local search). The second round starts
 * from regulars the first search settled on (the instructor with most lessons) and lowered the
 * instructors per month on mega from 1.55 to 1.45; a third gained about 0.03 for another full search.
 */
const REGULAR_ROUNDS = 2;

/** Improves the soft preferences of `lessons` in place without touching lessons per student or any hard rule. */
export function improveSoftPreferences(
  model: Model,
  lessons: Lesson[],
  fixedPairs: [number, number][],
  options: ImproveOptions = {},
): ImproveResult {
  const continuity = model.instance.settings.soft.instructorContinuity > 0;
  let result: ImproveResult | null = null;
  // What the lessons cost as they came, before the routing moves them.
  const penaltyBefore = new SoftSearch(model, lessons, fixedPairs).total;
  for (let round = 0; round < (continuity ? REGULAR_ROUNDS : 1); round++) {
    if (result?.stoppedByTime) break;
    const saved = lessons.map((l) => ({ ...l }));
    // The routing to the regular instructors re-pairs students and places without the pickup
    // rule (rules/pickup_change.ts): where that rule can bind, the search moves alone.
    if (continuity && !options.keepPickup) {
      routeToRegulars(model, lessons, chooseRegulars(model, lessons));
    }
    const next = searchRound(model, lessons, fixedPairs, options);
    if (result && next.penaltyAfter >= result.penaltyAfter - EPS) {
      // The second round found nothing better: the first round's plan stays.
      saved.forEach((l, L) => Object.assign(lessons[L], l));
      return { ...result, moves: result.moves + next.moves, stoppedByTime: next.stoppedByTime };
    }
    result = result
      ? {
        ...next,
        penaltyBefore: result.penaltyBefore,
        moves: result.moves + next.moves,
        sweeps: result.sweeps + next.sweeps,
      }
      : next;
  }
  return { ...result!, penaltyBefore };
}

/** One round of the local search from the lessons as they are. */
function searchRound(
  model: Model,
  lessons: Lesson[],
  fixedPairs: [number, number][],
  options: ImproveOptions = {},
): ImproveResult {
  const search = new SoftSearch(model, lessons, fixedPairs, options.instructorFloors);
  const penaltyBefore = search.total;
  let moves = 0, sweeps = 0, stoppedByTime = false;
  const outOfTime = () => {
    options.checkCancel?.();
    if (options.safety?.expired()) stoppedByTime = true;
    return stoppedByTime;
  };
  const order = lessons.map((_, k) => k);
  shuffle(order, 0x5eed);
  const students = [...Array(model.instance.students.length).keys()];
  const days = [...Array(model.days).keys()];
  if (!search.active()) {
    return { sweeps, moves, penaltyBefore, penaltyAfter: search.total, stoppedByTime };
  }
  // Each kind of move runs over lessons (or students), asking for the time every `every` of them;
  // the per-hour assignment covers every hour in one call.
  const kinds = [
    { items: [0], every: 1, run: () => search.reassignHours() },
    { items: days, every: 4, run: (d: number) => search.reassignDay(d) },
    { items: order, every: 64, run: (L: number) => search.relocate(L) },
    { items: students, every: 8, run: (s: number) => search.consolidate(s) },
    { items: order, every: 16, run: (L: number) => search.ejectIntoPreferred(L) },
    { items: order, every: 16, run: (L: number) => search.ejectToHome(L) },
  ].map((kind) => ({ ...kind, active: true }));
  for (sweeps = 1; sweeps <= 20; sweeps++) {
    const before = moves, penalty = search.total;
    for (const kind of kinds.filter((k) => k.active)) {
      const start = search.total;
      for (let n = 0; n < kind.items.length; n++) {
        if (n % kind.every === 0 && outOfTime()) break;
        moves += kind.run(kind.items[n]);
      }
      // A kind of move that gained next to nothing in a sweep will not gain more in the next.
      kind.active = start - search.total >= MIN_KIND_GAIN * penalty;
    }
    options.onSweep?.(sweeps);
    // Late sweeps find little: stop once one gains less than one percent.
    if (stoppedByTime || moves === before || penalty - search.total < MIN_SWEEP_GAIN * penalty) {
      break;
    }
  }
  return { sweeps, moves, penaltyBefore, penaltyAfter: search.total, stoppedByTime };
}

/** The schedule as occupancy grids and counters, with the weighted soft penalty kept up to date. */
class SoftSearch {
  total = 0;
  private H: number;
  private nI: number;
  private instrAt: Int32Array;
  private studentAt: Int32Array;
  private studentDay: Int32Array;
  private tally: StudentInstructorTally;
  /** Per day, a counter of changes there, and its value when reassignDay last found nothing. */
  private dayVersion: Int32Array;
  private dayTried: Int32Array;
  private months: MonthInstructorTally;
  private given: Int32Array;
  private goal: Float64Array;
  private preferred: Int32Array;
  private hasPref: Uint8Array;
  /** Per student and hour (s * H + k), the preferred-times penalty of a lesson there. */
  private timeFee: Float64Array;
  private studentCost: Float64Array;
  private workCost: Float64Array;
  /** Per instructor, the penalty change of one lesson more (kept with workCost). */
  private workUp: Float64Array;
  private qualified: Uint8Array;
  private studentSlots: Int32Array[];
  /**
   * Per (student, instructor, g) at index (s * nI + i) * 2 + g, the hours both are available, g = 0
   * those without and g = 1 those with the preferred-times penalty.
   */
  private common: (Int32Array | null)[];
  /** The same hours as bits (hour k at bit k % 32 of word k / 32), W words per entry. */
  private commonBits: (Int32Array | null)[];
  private W: number;
  /** Per instructor and per student, W words: bit k set where instrAt / studentAt holds a lesson. */
  private instrBusy: Int32Array;
  private studentBusy: Int32Array;
  /** bestPlace's scratch: (instructor, hour group) pairs as `common` indices by ascending cost. */
  private pairOf: Int32Array;
  private pairCost: Float64Array;
  private lessonsOf: number[][];
  /** Per student, a counter of adds and removes of its lessons (what moveBound's cache reads). */
  private studentVersion: Int32Array;
  /** Per lesson, moveBound's last answer and the student's counter it was given at (-1: none). */
  private boundOf: Float64Array;
  private boundAt: Int32Array;
  /** Per lesson, a signature of its student's lessons when ejectToHome last found nothing for it. */
  private failedAt: Float64Array;
  /** Moves since the last clear, four numbers each: lesson, and its instructor, day and hour before. */
  private log: number[] = [];
  private weights: { continuity: number; times: number; instructor: number; tolerance: number };
  /** Every hard rule's incremental state (rules/rulebook.ts), kept with the lessons' places. */
  private rules: RuleState;
  /**
   * The pickup rule's state where it can bind (rules/pickup_change.ts), else null: the moves that
   * re-pair a whole hour or day ask it themselves (it reads the neighbouring hours' lessons).
   */
  private pickup: RuleTracker | null;
  /**
   * True where the pair side has a rule besides the qualification (which `qualified` already
   * holds): only then does the day re-pairing ask that side per place.
   */
  private pairAsked: boolean;
  /** dayCosts' scratch: per instructor, a row's student and month parts, and the row they are for. */
  private instrPart: Float64Array;
  private monthPart: Float64Array;
  private partSeen: Int32Array;
  private rowStamp = 0;
  private scratch: Lesson = { student: 0, instructor: 0, transmission: "manual", day: 0, hour: 0 };

  constructor(
    private model: Model,
    private lessons: Lesson[],
    fixedPairs: [number, number][],
    private floors: number[] = [],
  ) {
    const { instance, days } = model;
    const nI = instance.instructors.length, nS = instance.students.length;
    const soft = instance.settings.soft;
    this.weights = {
      continuity: soft.instructorContinuity,
      times: soft.preferredTimes,
      instructor: soft.studentPreferences,
      tolerance: soft.balanceWorkload,
    };
    this.nI = nI;
    this.H = days * 24;
    this.instrAt = new Int32Array(nI * this.H).fill(-1);
    this.studentAt = new Int32Array(nS * this.H).fill(-1);
    this.studentDay = new Int32Array(nS * days);
    this.dayVersion = new Int32Array(days);
    this.dayTried = new Int32Array(days).fill(-1);
    this.given = new Int32Array(nI);
    this.goal = new Float64Array(nI);
    instance.instructors.forEach((ins, i) => {
      this.given[i] = model.instructorFixed[i].reduce((n, x) => n + x, 0);
      if (ins.monthlyHoursTarget) {
        this.goal[i] = workloadGoal(ins.monthlyHoursTarget, days, possibleLessons(model, i));
      }
    });
    this.preferred = Int32Array.from(
      instance.students,
      (st) =>
        st.preferredInstructor === undefined
          ? -1
          : model.instructorIndex.get(st.preferredInstructor) ?? -1,
    );
    this.tally = new StudentInstructorTally(
      nI,
      this.preferred,
      this.weights.continuity,
      this.weights.instructor,
    );
    for (const [s, i] of fixedPairs) this.tally.add(s, i, 1);
    this.months = new MonthInstructorTally(
      nI,
      nS,
      model.dates,
      this.weights.continuity,
    );
    this.pairOf = new Int32Array(nI * 2);
    this.pairCost = new Float64Array(nI * 2);
    this.hasPref = Uint8Array.from(instance.students, (st) => (st.preferred?.length ? 1 : 0));
    // Read for every place the search weighs: one flat table instead of a call per question.
    this.timeFee = new Float64Array(nS * this.H);
    for (let s = 0; s < nS; s++) {
      const inside = model.studentPreferred[s];
      for (let k = 0; k < this.H; k++) {
        this.timeFee[s * this.H + k] = preferredTimePenalty(
          this.hasPref[s] === 1,
          inside[k] === 1,
          this.weights.times,
        );
      }
    }
    this.qualified = new Uint8Array(nI * 2);
    instance.instructors.forEach((ins, i) => {
      this.qualified[i * 2] = canTeach(ins, "manual") ? 1 : 0;
      this.qualified[i * 2 + 1] = canTeach(ins, "automatic") ? 1 : 0;
    });
    this.studentSlots = model.studentFree.map((g) => {
      const ks: number[] = [];
      g.forEach((ok, k) => ok && ks.push(k));
      return Int32Array.from(ks);
    });
    // Filled with null, not left with holes: a large array with holes is a dictionary in V8, and
    // every read of it a hash lookup (the school's 200,000 entries made this read a hot spot).
    this.common = [];
    this.commonBits = [];
    for (let x = 0; x < nS * nI * 2; x++) this.common.push(null), this.commonBits.push(null);
    this.W = (this.H + 31) >> 5;
    this.instrBusy = new Int32Array(nI * this.W);
    this.studentBusy = new Int32Array(nS * this.W);
    this.failedAt = new Float64Array(lessons.length).fill(NaN);
    this.studentVersion = new Int32Array(nS);
    this.boundOf = new Float64Array(lessons.length);
    this.boundAt = new Int32Array(lessons.length).fill(-1);
    this.lessonsOf = instance.students.map(() => []);
    lessons.forEach((l, L) => this.lessonsOf[l.student].push(L));
    this.rules = new RuleState(model);
    const pickup = this.rules.tracker("pickup_change");
    this.pickup = pickup.inert ? null : pickup;
    this.pairAsked = this.rules.askedRules(SIDES.pair).some((id) => id !== "qualification");
    this.instrPart = new Float64Array(nI);
    this.monthPart = new Float64Array(nI);
    this.partSeen = new Int32Array(nI).fill(-1);
    this.studentCost = new Float64Array(nS);
    this.workCost = new Float64Array(nI);
    this.workUp = new Float64Array(nI);
    for (let L = 0; L < lessons.length; L++) this.occupy(L, 1);
    for (let s = 0; s < nS; s++) this.total += this.studentCost[s] = this.studentCostOf(s);
    for (let i = 0; i < nI; i++) {
      this.total += this.workCost[i] = this.workOf(i, this.given[i]);
      this.workUp[i] = this.workOf(i, this.given[i] + 1) - this.workCost[i];
    }
    for (const l of lessons) this.total += this.timeCost(l.student, slot(l.day, l.hour));
  }

  /** False when every soft weight is off: nothing to search for. */
  active(): boolean {
    const w = this.weights;
    return w.continuity + w.times + w.instructor + w.tolerance > 0;
  }

  private studentCostOf(s: number): number {
    return this.tally.cost(s);
  }

  /** Change of student s's cost when one lesson goes from instructor `from` to `to` (-1: none). */
  private studentChange(s: number, from: number, to: number): number {
    return this.tally.costAfter(s, from, to) - this.studentCost[s];
  }

  private workOf(i: number, given: number): number {
    // Below its floor an instructor costs more than any soft gain, so no move takes them there.
    const short = Math.max(0, (this.floors[i] ?? 0) - given);
    return workloadPenalty(given, this.goal[i], this.weights.tolerance) + short * FLOOR_PENALTY;
  }

  private timeCost(s: number, k: number): number {
    return this.timeFee[s * this.H + k];
  }

  /** Adds (+1) or takes away (-1) lesson L at its current place in every counter. */
  private occupy(L: number, sign: 1 | -1): void {
    const l = this.lessons[L], m = this.model;
    const k = slot(l.day, l.hour), i = l.instructor, s = l.student;
    const who = sign > 0 ? L : -1;
    this.instrAt[i * this.H + k] = who;
    this.studentAt[s * this.H + k] = who;
    const bit = 1 << (k & 31), iw = i * this.W + (k >> 5), sw = s * this.W + (k >> 5);
    if (sign > 0) (this.instrBusy[iw] |= bit, this.studentBusy[sw] |= bit);
    else (this.instrBusy[iw] &= ~bit, this.studentBusy[sw] &= ~bit);
    this.studentDay[s * m.days + l.day] += sign;
    this.studentVersion[s]++;
    this.dayVersion[l.day]++;
    if (sign > 0) this.rules.add(l);
    else this.rules.remove(l);
    this.tally.add(s, i, sign);
    this.total += this.months.add(s, l.day, i, sign);
    this.given[i] += sign;
  }

  private remove(L: number): void {
    const l = this.lessons[L];
    this.occupy(L, -1);
    this.rescore(l.student, l.instructor, -this.timeCost(l.student, slot(l.day, l.hour)));
  }

  private place(L: number, i: number, day: number, hour: number, logged = true): void {
    const l = this.lessons[L];
    if (logged) this.log.push(L, l.instructor, l.day, l.hour);
    l.instructor = i;
    l.day = day;
    l.hour = hour;
    this.occupy(L, 1);
    this.rescore(l.student, i, this.timeCost(l.student, slot(day, hour)));
  }

  private rescore(s: number, i: number, timeChange: number): void {
    const sc = this.studentCostOf(s), wc = this.workOf(i, this.given[i]);
    this.total += timeChange + sc - this.studentCost[s] + wc -
      this.workCost[i];
    this.studentCost[s] = sc;
    this.workCost[i] = wc;
    this.workUp[i] = this.workOf(i, this.given[i] + 1) - wc;
  }

  /** Every hard rule for a lesson of student s and transmission t with instructor i at (day, hour). */
  private canPlace(s: number, t: number, i: number, day: number, hour: number): boolean {
    return this.rules.fits(this.probe(s, t, i, day, hour));
  }

  /** The scratch lesson the rules are asked about (no allocation per question). */
  private probe(s: number, t: number, i: number, day: number, hour: number): Lesson {
    const p = this.scratch;
    (p.student = s, p.transmission = t === 0 ? "manual" : "automatic", p.instructor = i);
    (p.day = day, p.hour = hour);
    return p;
  }

  /** Penalty change of giving student s one more lesson with instructor i (hour aside). */
  private instructorShift(s: number, i: number): number {
    return this.studentChange(s, -1, i) + this.workUp[i];
  }

  /**
   * Instructors worth trying at another hour: the current one, the preferred one, those the
   * student already has, and the one whose workload gains most from one more lesson.
   */
  private candidates(s: number, current: number): number[] {
    const list = [current];
    if (this.preferred[s] >= 0 && this.preferred[s] !== current) list.push(this.preferred[s]);
    let taker = -1, gain = -EPS;
    for (let i = 0; i < this.nI; i++) {
      if (this.tally.counts[s * this.nI + i] > 0 && !list.includes(i)) list.push(i);
      const g = this.workUp[i];
      if (g < gain) (gain = g, taker = i);
    }
    if (taker >= 0 && !list.includes(taker)) list.push(taker);
    return list;
  }

  /** The cheapest feasible (instructor, day, hour) for lesson L (already removed) costing less than `limit`, or null. */
  private bestPlace(L: number, limit: number, only = -1): [number, number, number] | null {
    const l = this.lessons[L], s = l.student, t = T_INDEX[l.transmission];
    const here = slot(l.day, l.hour);
    let best = limit, bi = -1, bk = -1;
    // In its own hour any instructor may take the lesson; elsewhere only the likely ones.
    if (only < 0) {
      const tc = this.timeCost(s, here), row = s * this.nI;
      const fresh = this.tally.costWithNewInstructor(s) - this.studentCost[s];
      for (let i = 0; i < this.nI; i++) {
        if (!this.qualified[i * 2 + t]) continue;
        const isNew = this.tally.counts[row + i] === 0 && i !== this.preferred[s];
        const c = tc + this.workUp[i] + (isNew ? fresh : this.studentChange(s, -1, i));
        if (c < best - EPS && this.canPlace(s, t, i, l.day, l.hour)) (best = c, bi = i, bk = here);
      }
    }
    // The likely instructors at the student's other hours, as (instructor, hours without or with
    // the time penalty) pairs, cheapest first: the first pair with a feasible hour is the best.
    const near = only >= 0 ? [only] : this.candidates(s, l.instructor);
    const pairCost = this.pairCost, pairOf = this.pairOf, fee = this.weights.times;
    let n = 0;
    for (const i of near) {
      if (!this.qualified[i * 2 + t]) continue;
      const shift = this.instructorShift(s, i);
      for (let g = 0; g < 2; g++) {
        const c = shift + (g === 0 ? 0 : fee);
        let j = n++;
        for (; j > 0 && pairCost[j - 1] > c; j--) {
          (pairCost[j] = pairCost[j - 1], pairOf[j] = pairOf[j - 1]);
        }
        (pairCost[j] = c, pairOf[j] = (s * this.nI + i) * 2 + g);
      }
    }
    for (let r = 0; r < n && pairCost[r] < best - EPS; r++) {
      const i = (pairOf[r] >> 1) % this.nI;
      const g = (pairOf[r] & 1) as 0 | 1;
      this.commonHours(s, i, g);
      // The common hours where neither is taken, 32 at a time (most are taken), in ascending
      // order as the list holds them; canPlace checks the rest.
      const bits = this.commonBits[(s * this.nI + i) * 2 + g]!, W = this.W;
      const iBusy = this.instrBusy, sBusy = this.studentBusy, iW = i * W, sW = s * W;
      for (let w = 0; w < W; w++) {
        let free = bits[w] & ~iBusy[iW + w] & ~sBusy[sW + w];
        while (free !== 0) {
          const low = free & -free;
          free ^= low;
          const k = (w << 5) + 31 - Math.clz32(low);
          if (k === here && only < 0) continue;
          if (this.canPlace(s, t, i, (k / 24) | 0, k % 24)) {
            return [i, (k / 24) | 0, k % 24];
          }
        }
      }
    }
    return bi < 0 ? null : [bi, (bk / 24) | 0, bk % 24];
  }

  /** The hours student s and instructor i are both available, without (g = 0) or with (g = 1) the time penalty. */
  private commonHours(s: number, i: number, g: 0 | 1): Int32Array {
    const at = (s * this.nI + i) * 2;
    if (!this.common[at]) {
      const free = this.model.instructorFree[i], without: number[] = [], withFee: number[] = [];
      for (const k of this.studentSlots[s]) {
        if (free[k]) (this.timeCost(s, k) === 0 ? without : withFee).push(k);
      }
      this.common[at] = Int32Array.from(without);
      this.common[at + 1] = Int32Array.from(withFee);
      for (const g of [0, 1]) {
        const bits = new Int32Array(this.W);
        for (const k of this.common[at + g]!) bits[k >> 5] |= 1 << (k & 31);
        this.commonBits[at + g] = bits;
      }
    }
    return this.common[at + g]!;
  }

  /** Moves lesson L to a cheaper (hour, instructor) of its student; 1 when it moved. */
  relocate(L: number): number {
    const l = this.lessons[L];
    const from = [l.instructor, l.day, l.hour] as const;
    this.remove(L);
    const stay = this.timeCost(l.student, slot(l.day, l.hour)) +
      this.instructorShift(l.student, l.instructor);
    const before = this.total + stay;
    const to = this.bestPlace(L, stay);
    this.log.length = 0;
    if (to) {
      this.place(L, ...to);
      // bestPlace leaves the per-month part out; a move that loses there is taken back.
      if (this.total < before - EPS) return 1;
      this.remove(L);
    }
    this.place(L, ...from, false);
    return 0;
  }

  /**
   * Per hour, the lessons there get the best permutation of the instructors teaching then plus
   * those free then (min-cost assignment on each student's penalty change); no student's hour
   * changes and no instructor gets a second lesson in the hour, so only the taker's limits matter.
   */
  reassignHours(): number {
    let moves = 0;
    const { H, nI } = this;
    const rows: number[] = [], cols: number[] = [];
    for (let k = 0; k < H; k++) {
      rows.length = cols.length = 0;
      const day = (k / 24) | 0, hour = k % 24;
      for (let i = 0; i < nI; i++) {
        const L = this.instrAt[i * H + k];
        if (L >= 0) rows.push(L), cols.push(i);
      }
      if (rows.length === 0) continue;
      for (let i = 0; i < nI; i++) {
        // Only the taker's side: the hour's students and transmissions stay (qualification is
        // the cost matrix's).
        if (this.instrAt[i * H + k] >= 0) continue;
        if (this.rules.fits(this.probe(-1, 0, i, day, hour), SIDES.instructor)) cols.push(i);
      }
      if (cols.length < 2) continue;
      const busy = rows.length;
      const cost = rows.map((L, r) => {
        const l = this.lessons[L], s = l.student, t = T_INDEX[l.transmission];
        return cols.map((i, c) => {
          if (c === r) return 0;
          if (!this.qualified[i * 2 + t]) return BIG;
          // The hour's other lessons do not neighbour it: the pickup rule reads hours h ± 1.
          if (this.pickup && !this.pickup.fits(this.probe(s, t, i, day, hour))) return BIG;
          let d = this.studentChange(s, l.instructor, i) +
            this.months.change(s, day, l.instructor, i);
          if (c >= busy) d += this.workUp[i];
          return d;
        });
      });
      const to = minCostAssignment(cost, cols.length);
      if (to.every((c, r) => c === r) || to.some((c, r) => cost[r][c] >= BIG)) continue;
      const before = this.total;
      this.log.length = 0;
      for (const L of rows) this.remove(L);
      rows.forEach((L, r) => this.place(L, cols[to[r]], day, hour));
      if (this.total < before - EPS && this.rules.holds()) moves++;
      else this.undo();
    }
    return moves;
  }

  /**
   * Day d's lessons get the best matching to the (instructor, hour) places taken that day: every
   * instructor keeps the hours they teach and every hour its lessons per transmission, so the
   * instructors' day and week caps, runs before a break and the vehicles hold as they are; each
   * student keeps the day, so only the student's hours and qualification need checking. A student
   * with one lesson that day has a cost that depends on that lesson alone (the other days fixed),
   * so the assignment is the exact best for the day; students with more lessons that day keep them.
   */
  reassignDay(d: number): number {
    const { H, nI } = this, m = this.model;
    // A day where nothing changed since its last try gives the same answer.
    if (this.dayTried[d] === this.dayVersion[d]) return 0;
    const rows: number[] = [], cols: number[] = [];
    for (let i = 0; i < nI; i++) {
      for (let h = 0; h < 24; h++) {
        const L = this.instrAt[i * H + d * 24 + h];
        if (L < 0) continue;
        if (this.studentDay[this.lessons[L].student * m.days + d] !== 1) continue;
        rows.push(L), cols.push(i * 24 + h);
      }
    }
    if (rows.length < 2) return 0;
    const before = this.total;
    const was = rows.map((L) => this.lessons[L].transmission);
    this.log.length = 0;
    for (const L of rows) this.remove(L);
    // A lesson keeps its transmission, so each transmission's lessons and places form their own
    // square assignment (the pairs across are forbidden): two small ones instead of one large one.
    const to = new Array<number>(rows.length).fill(-1);
    let ok = true;
    for (const t of ["manual", "automatic"] as const) {
      const part = rows.map((_, r) => r).filter((r) => was[r] === t);
      if (part.length === 0) continue;
      const n = part.length;
      const cost = this.dayCosts(d, part.map((r) => rows[r]), part.map((r) => cols[r]));
      const got = denseAssignment(cost, n, n);
      part.forEach((r, k) => {
        to[r] = got[k] < 0 ? -1 : part[got[k]];
        if (got[k] < 0 || cost[k * n + got[k]] >= BIG) ok = false;
      });
    }
    rows.forEach((L, r) => {
      const c = ok ? cols[to[r]] : cols[r];
      this.place(L, (c / 24) | 0, d, c % 24, ok);
    });
    // Two places of the day may neighbour each other: the pickup rule is asked once all are placed.
    const pickupKept = !ok || !this.pickup ||
      rows.every((L) => this.pickup!.fits(this.lessons[L]));
    if (ok && pickupKept && this.total < before - EPS && this.rules.holds()) return 1;
    if (ok) this.undo();
    this.dayTried[d] = this.dayVersion[d];
    return 0;
  }

  /**
   * The cost of each of day d's lessons `rows` (taken out) at each of the places `cols` (instructor
   * * 24 + hour) of the same transmission, BIG where a rule of the student's side forbids it; row by
   * row in one flat array.
   */
  private dayCosts(d: number, rows: number[], cols: number[]): Float64Array {
    const { H, nI } = this, possible = this.model.studentPossible, n = rows.length;
    const flat = new Float64Array(n * n);
    // The student's side reads no instructor, so it is asked once per hour of a row (0: not yet
    // asked, 1: fits, 2: does not), with the hour's time penalty; the pair's side per place, where
    // it has more than the qualification; a row's instructor parts once per instructor.
    const studentFits = new Uint8Array(24), hourCost = new Float64Array(24);
    const colI = new Int32Array(n), colH = new Int32Array(n);
    for (let c = 0; c < n; c++) (colI[c] = (cols[c] / 24) | 0, colH[c] = cols[c] % 24);
    for (let r = 0; r < n; r++) {
      const l = this.lessons[rows[r]], s = l.student, t = T_INDEX[l.transmission];
      const fresh = this.tally.costWithNewInstructor(s) - this.studentCost[s];
      const row = s * nI, stamp = ++this.rowStamp, at = r * n;
      const studentPossible = possible[s], sAt = s * H;
      studentFits.fill(0);
      for (let c = 0; c < n; c++) {
        const i = colI[c], h = colH[c], k = d * 24 + h;
        // The places keep their instructors' side (hours, caps, runs, vehicles): only the
        // student's side and the qualification are asked.
        // The cheap reads first (qualification, the student's possible and taken hours): the
        // rulebook would say no to each of them as well.
        if (
          !this.qualified[i * 2 + t] || studentPossible[k] !== 1 || this.studentAt[sAt + k] >= 0
        ) {
          flat[at + c] = BIG;
          continue;
        }
        if (studentFits[h] === 0) {
          studentFits[h] = this.rules.fits(this.probe(s, t, i, d, h), SIDES.student) ? 1 : 2;
          hourCost[h] = this.timeCost(s, k);
        }
        if (
          studentFits[h] === 2 ||
          (this.pairAsked && !this.rules.fits(this.probe(s, t, i, d, h), SIDES.pair))
        ) {
          flat[at + c] = BIG;
          continue;
        }
        if (this.partSeen[i] !== stamp) {
          this.partSeen[i] = stamp;
          const isNew = this.tally.counts[row + i] === 0 && i !== this.preferred[s];
          this.instrPart[i] = isNew ? fresh : this.studentChange(s, -1, i);
          this.monthPart[i] = this.months.change(s, d, -1, i);
        }
        flat[at + c] = this.instrPart[i] + hourCost[h] + this.monthPart[i];
      }
    }
    return flat;
  }

  /**
   * True when lesson L with instructor y and lesson M (same hour) with x keep the pickup rule (it
   * reads the neighbouring hours only, so the trade's two lessons do not see each other).
   */
  private tradeKeepsPickup(L: number, y: number, M: number, x: number): boolean {
    if (!this.pickup) return true;
    const l = this.lessons[L], m = this.lessons[M];
    return this.pickup.fits(this.probe(l.student, T_INDEX[l.transmission], y, l.day, l.hour)) &&
      this.pickup.fits(this.probe(m.student, T_INDEX[m.transmission], x, m.day, m.hour));
  }

  /** Tries to give all of student s's lessons to one instructor (free hour or trade in that hour). */
  consolidate(s: number): number {
    const own = this.lessonsOf[s];
    if (own.length < 2 && this.preferred[s] < 0) return 0;
    const used = new Set(own.map((L) => this.lessons[L].instructor));
    if (used.size < 2 && (this.preferred[s] < 0 || used.has(this.preferred[s]))) return 0;
    const targets = [...used];
    if (this.preferred[s] >= 0 && !used.has(this.preferred[s])) targets.push(this.preferred[s]);
    for (const y of targets) {
      const before = this.total;
      this.log.length = 0;
      for (const L of own) {
        const l = this.lessons[L], t = T_INDEX[l.transmission];
        if (l.instructor === y || !this.qualified[y * 2 + t]) continue;
        const k = slot(l.day, l.hour), x = l.instructor, M = this.instrAt[y * this.H + k];
        if (
          M >= 0 && this.qualified[x * 2 + T_INDEX[this.lessons[M].transmission]] &&
          this.tradeKeepsPickup(L, y, M, x)
        ) {
          this.remove(L);
          this.remove(M);
          this.place(L, y, l.day, l.hour);
          this.place(M, x, l.day, l.hour);
          continue;
        }
        // Same hour if y is free then, else the student's best other hour with y.
        this.remove(L);
        const to = this.bestPlace(L, Infinity, y);
        if (to) this.place(L, ...to);
        else this.place(L, x, l.day, l.hour, false);
      }
      if (this.total < before - EPS && this.rules.holds()) return 1;
      this.undo();
    }
    return 0;
  }

  /** Lesson L outside its student's preferred hours takes a preferred hour whose instructor's lesson moves elsewhere. */
  ejectIntoPreferred(L: number): number {
    const l = this.lessons[L], s = l.student, t = T_INDEX[l.transmission], x = l.instructor;
    const fee = this.timeCost(s, slot(l.day, l.hour)), m = this.model;
    if (fee === 0) return 0;
    for (const j of this.candidates(s, x)) {
      if (!this.qualified[j * 2 + t]) continue;
      // What L's student gains (workload aside); M's move must not eat it up.
      const gain = this.studentChange(s, x, j) - fee;
      if (gain >= -EPS) continue;
      for (const k of this.commonHours(s, j, 0)) {
        const M = this.instrAt[j * this.H + k];
        if (M < 0 || this.studentAt[s * this.H + k] >= 0) continue;
        const day = (k / 24) | 0, hour = k % 24;
        if (day !== l.day && this.studentDay[s * m.days + day] >= m.studentDayCap[s][day]) continue;
        if (gain + this.moveBound(M) >= -EPS) continue;
        if (this.ejectionPays(L, M, j, day, hour)) return 1;
      }
    }
    return 0;
  }

  /** The instructors student s should keep: the preferred one, then the one with most of s's lessons. */
  private homes(s: number): number[] {
    const list: number[] = [];
    if (this.preferred[s] >= 0) list.push(this.preferred[s]);
    let main = -1, most = 0;
    for (let i = 0; i < this.nI; i++) {
      const n = this.tally.counts[s * this.nI + i];
      if (n > most) (most = n, main = i);
    }
    if (main >= 0 && main !== this.preferred[s]) list.push(main);
    return list;
  }

  /**
   * A lower bound (workload aside) on what moving lesson M costs its student: the cheapest
   * instructor for it (its own at another hour included), with the hour becoming a preferred one.
   */
  private moveBound(M: number): number {
    const l = this.lessons[M], s = l.student;
    // It reads only s's lessons (their tally, M's place): kept until one of them moves.
    if (this.boundAt[M] === this.studentVersion[s]) return this.boundOf[M];
    const y = l.instructor, c = s * this.nI;
    const t = T_INDEX[l.transmission];
    let best = 0, triedNew = false;
    for (let i = 0; i < this.nI; i++) {
      if (i === y || !this.qualified[i * 2 + t]) continue;
      const fresh = this.tally.counts[c + i] === 0 && i !== this.preferred[s];
      if (fresh && triedNew) continue; // every instructor new to s costs the same
      triedNew ||= fresh;
      best = Math.min(best, this.studentChange(s, y, i));
    }
    this.boundAt[M] = this.studentVersion[s];
    return this.boundOf[M] = best - this.timeCost(s, slot(l.day, l.hour));
  }

  /**
   * Lesson L away from a home instructor y of its student takes an hour of the student where y
   * teaches someone else; that lesson moves to its best place (any instructor free in its own
   * hour, or another hour), an ejection chain of length two.
   */
  ejectToHome(L: number): number {
    const l = this.lessons[L], s = l.student, t = T_INDEX[l.transmission];
    const x = l.instructor, here = slot(l.day, l.hour), hereTime = this.timeCost(s, here);
    const m = this.model;
    // A lesson whose student's lessons all stayed put since its last failed try is not tried again.
    let sig = 0;
    for (const K of this.lessonsOf[s]) {
      const o = this.lessons[K];
      sig = (sig + Math.imul(o.instructor + 1, 40503) + slot(o.day, o.hour) * 7) | 0;
    }
    if (this.failedAt[L] === sig) return 0;
    // Every (hour, home instructor) whose lesson M could make way, most promising first.
    const trials: { k: number; y: number; M: number; bound: number }[] = [];
    for (const y of this.homes(s)) {
      if (y === x || !this.qualified[y * 2 + t]) continue;
      // Gain of L's student alone from the move (its hour aside); M's move rarely pays back a loss.
      const gain = this.studentChange(s, x, y);
      for (let g = 0; g < 2; g++) {
        const gainHere = gain + (g === 0 ? 0 : this.weights.times) - hereTime;
        if (gainHere >= -EPS) continue;
        for (const k of this.commonHours(s, y, g as 0 | 1)) {
          const M = this.instrAt[y * this.H + k], busy = this.studentAt[s * this.H + k];
          if (M < 0 || (busy >= 0 && busy !== L)) continue;
          const day = (k / 24) | 0;
          // The student's own limits, checked before anything is taken out (y's stay as they are).
          if (day !== l.day && this.studentDay[s * m.days + day] >= m.studentDayCap[s][day]) {
            continue;
          }
          const bound = gainHere + this.moveBound(M);
          if (bound < -EPS) trials.push({ k, y, M, bound });
        }
      }
    }
    trials.sort((a, b) => a.bound - b.bound);
    for (let n = 0; n < trials.length && n < MAX_EJECTIONS; n++) {
      const { k, y, M } = trials[n];
      if (this.ejectionPays(L, M, y, (k / 24) | 0, k % 24)) return 1;
    }
    this.failedAt[L] = sig;
    return 0;
  }

  /**
   * An ejection chain of two: lesson L takes (i, day, hour), where lesson M was, and M goes to its
   * own best place. Kept and true when the total drops; otherwise both are put back.
   */
  private ejectionPays(L: number, M: number, i: number, day: number, hour: number): boolean {
    const l = this.lessons[L], before = this.total;
    this.log.length = 0;
    this.remove(L);
    this.remove(M);
    if (this.canPlace(l.student, T_INDEX[l.transmission], i, day, hour)) {
      this.place(L, i, day, hour);
      // Only a place that leaves the total below where it was is worth taking.
      const to = this.bestPlace(M, before - this.total);
      if (to) {
        this.place(M, ...to);
        if (this.total < before - EPS) return true;
      }
    }
    this.undo(L, M);
    return false;
  }

  /** Puts every lesson moved since the log was cleared back where it was. */
  private undo(...removed: number[]): void {
    // Each lesson's first record holds where it was; the list is short, so a scan finds it.
    const first: number[] = [];
    const seen = (L: number) => {
      for (let r = 0; r < first.length; r += 4) if (first[r] === L) return true;
      return false;
    };
    const log = this.log;
    for (let r = 0; r < log.length; r += 4) {
      if (!seen(log[r])) first.push(log[r], log[r + 1], log[r + 2], log[r + 3]);
    }
    for (const L of removed) {
      if (seen(L)) continue;
      const l = this.lessons[L];
      first.push(L, l.instructor, l.day, l.hour);
      this.occupy(L, 1); // still removed: count it back in so the loop below can take it out
      this.rescore(l.student, l.instructor, this.timeCost(l.student, slot(l.day, l.hour)));
    }
    for (let r = 0; r < first.length; r += 4) this.remove(first[r]);
    for (let r = 0; r < first.length; r += 4) {
      this.place(first[r], first[r + 1], first[r + 2], first[r + 3], false);
    }
    log.length = 0;
  }
}

/** Deterministic in-place shuffle (xorshift), so every run of an instance searches alike. */
function shuffle(xs: number[], seed: number): void {
  let x = seed >>> 0 || 1;
  for (let k = xs.length - 1; k > 0; k--) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    const j = x % (k + 1);
    [xs[k], xs[j]] = [xs[j], xs[k]];
  }
}
