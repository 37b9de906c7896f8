/**
 * Lessons per (student, calendar month, instructor), for the per-month part of continuity: a
 * driving school counts how many instructors a student meets in a month (continuity_report.ts),
 * and a student who meets a second instructor only in one month is better off than one who meets
 * them in every month. The local search asks for the change of one lesson at a time.
 */
import { monthContinuityCost } from "../rules/continuity.ts";

export class MonthInstructorTally {
  private counts: Int32Array;
  private distinct: Int32Array;
  private monthOfDay: Int32Array;
  private months: number;

  /** `dates`: the horizon's ISO dates (day index -> date). */
  constructor(private nI: number, nS: number, dates: string[], private weight: number) {
    const keys = [...new Set(dates.map((d) => d.slice(0, 7)))];
    this.months = keys.length;
    this.monthOfDay = Int32Array.from(dates, (d) => keys.indexOf(d.slice(0, 7)));
    this.counts = new Int32Array(nS * this.months * nI);
    this.distinct = new Int32Array(nS * this.months);
  }

  /** Records one lesson more (+1) or less (-1) of student s with instructor i on day `day`; returns the cost change. */
  add(s: number, day: number, i: number, sign: 1 | -1): number {
    const row = s * this.months + this.monthOfDay[day], c = row * this.nI + i;
    const before = this.distinct[row];
    this.counts[c] += sign;
    if (sign > 0 && this.counts[c] === 1) this.distinct[row]++;
    if (sign < 0 && this.counts[c] === 0) this.distinct[row]--;
    return monthContinuityCost(this.distinct[row], this.weight) -
      monthContinuityCost(before, this.weight);
  }

  /** Cost change when one lesson of s on `day` goes from instructor `from` to `to` (-1: none). */
  change(s: number, day: number, from: number, to: number): number {
    if (from === to || this.weight === 0) return 0;
    const row = s * this.months + this.monthOfDay[day], base = row * this.nI;
    let distinct = this.distinct[row];
    const before = distinct;
    if (from >= 0 && this.counts[base + from] === 1) distinct--;
    if (to >= 0 && this.counts[base + to] === 0) distinct++;
    return monthContinuityCost(distinct, this.weight) - monthContinuityCost(before, this.weight);
  }
}
