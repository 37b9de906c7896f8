/**
 * Lessons per (student, instructor) with, per student, the figures the instructor-related soft
 * rules need (instructors with lessons, lessons, lessons with the main instructor and how many
 * instructors share that count). The local search asks "what would this student's cost be with
 * one lesson less with x and one more with y" many thousand times per run; with the tally each
 * answer is a handful of reads instead of a pass over the student's row.
 */
import { continuityCostOfTally } from "../rules/continuity.ts";

export class StudentInstructorTally {
  readonly counts: Int32Array;
  private distinct: Int32Array;
  private total: Int32Array;
  private most: Int32Array;
  private mostTies: Int32Array;

  constructor(
    private nI: number,
    /** Per student the preferred instructor's index, or -1. */
    private preferred: Int32Array,
    private continuityWeight: number,
    private preferredWeight: number,
  ) {
    const nS = preferred.length;
    this.counts = new Int32Array(nS * nI);
    this.distinct = new Int32Array(nS);
    this.total = new Int32Array(nS);
    this.most = new Int32Array(nS);
    this.mostTies = new Int32Array(nS);
  }

  /** Records one lesson more (+1) or less (-1) of student s with instructor i. */
  add(s: number, i: number, sign: 1 | -1): void {
    const c = s * this.nI + i, before = this.counts[c], after = before + sign;
    this.counts[c] = after;
    this.total[s] += sign;
    if (sign > 0) {
      if (before === 0) this.distinct[s]++;
      if (after > this.most[s]) (this.most[s] = after, this.mostTies[s] = 1);
      else if (after === this.most[s]) this.mostTies[s]++;
      return;
    }
    if (after === 0) this.distinct[s]--;
    if (before !== this.most[s]) return;
    if (this.mostTies[s] > 1) {
      this.mostTies[s]--;
      return;
    }
    // The single main instructor lost a lesson; others may now tie with it.
    this.most[s] = after;
    let ties = 0;
    for (let j = 0; j < this.nI; j++) if (this.counts[s * this.nI + j] === after) ties++;
    this.mostTies[s] = ties;
  }

  /** Student s's cost now. */
  cost(s: number): number {
    return this.costAfter(s, -1, -1);
  }

  /**
   * Student s's cost with one lesson more with an instructor s has no lesson with and does not
   * prefer: the same for every such instructor, so a caller can ask once instead of per instructor.
   */
  costWithNewInstructor(s: number): number {
    const total = this.total[s] + 1, most = Math.max(this.most[s], 1);
    let cost = continuityCostOfTally(this.distinct[s] + 1, total, most, this.continuityWeight);
    const p = this.preferred[s];
    if (p >= 0 && this.preferredWeight > 0) {
      cost += this.preferredWeight * (total - this.counts[s * this.nI + p]);
    }
    return cost;
  }

  /** Student s's cost with one lesson less with `minus` and one more with `plus` (-1: none). */
  costAfter(s: number, minus: number, plus: number): number {
    const row = s * this.nI;
    if (minus === plus) (minus = -1, plus = -1);
    const cMinus = minus >= 0 ? this.counts[row + minus] : 0;
    const cPlus = plus >= 0 ? this.counts[row + plus] : 0;
    const distinct = this.distinct[s] - (minus >= 0 && cMinus === 1 ? 1 : 0) +
      (plus >= 0 && cPlus === 0 ? 1 : 0);
    const total = this.total[s] - (minus >= 0 ? 1 : 0) + (plus >= 0 ? 1 : 0);
    let most = this.most[s];
    if (minus >= 0 && cMinus === most && this.mostTies[s] === 1) most--;
    if (plus >= 0 && cPlus + 1 > most) most = cPlus + 1;
    let cost = continuityCostOfTally(distinct, total, most, this.continuityWeight);
    const p = this.preferred[s];
    if (p >= 0 && this.preferredWeight > 0) {
      const withPreferred = this.counts[row + p] - (minus === p ? 1 : 0) + (plus === p ? 1 : 0);
      cost += this.preferredWeight * (total - withPreferred);
    }
    return cost;
  }
}
