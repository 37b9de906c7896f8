/**
 * What the soak's simulated users saw: per kind of action the latencies, the answers by status and
 * the failures, and per minute of the run the requests and their p95, for the report.
 */

/** 4xx answers a real user meets in normal use: a stale grid (412), a planner already busy (409). */
export const expectedClientStatuses = new Set([409, 412]);

interface Kind {
  times: number[];
  statuses: Map<number, number>;
  /** status >= 500, network errors, answers whose body is not what the route promises */
  errors: number;
  /** 4xx other than the expected ones: a bug of the app or of this bench */
  unexpected: number;
  /** 409 / 412 */
  expected: number;
  samples: string[];
}

interface Minute {
  requests: number;
  errors: number;
  times: number[];
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export class Recorder {
  readonly kinds = new Map<string, Kind>();
  readonly minutes: Minute[] = [];
  constructor(private readonly startedAt: number) {}

  private kind(name: string): Kind {
    let kind = this.kinds.get(name);
    if (!kind) {
      kind = {
        times: [],
        statuses: new Map(),
        errors: 0,
        unexpected: 0,
        expected: 0,
        samples: [],
      };
      this.kinds.set(name, kind);
    }
    return kind;
  }

  private minute(): Minute {
    const index = Math.floor((performance.now() - this.startedAt) / 60_000);
    while (this.minutes.length <= index) this.minutes.push({ requests: 0, errors: 0, times: [] });
    return this.minutes[index];
  }

  /**
   * One answered request; `problem` marks a 2xx whose body was not the promised file or JSON,
   * `detail` is what a 4xx or 5xx said (kept as a sample).
   */
  answer(name: string, ms: number, status: number, problem?: string, detail = "") {
    const kind = this.kind(name);
    const minute = this.minute();
    kind.times.push(ms);
    kind.statuses.set(status, (kind.statuses.get(status) ?? 0) + 1);
    minute.requests++;
    minute.times.push(ms);
    if (status >= 500 || problem) {
      kind.errors++;
      minute.errors++;
      this.sample(kind, `${status} ${problem ?? detail}`);
    } else if (expectedClientStatuses.has(status)) {
      kind.expected++;
    } else if (status >= 400) {
      kind.unexpected++;
      this.sample(kind, `${status} ${detail}`);
    }
  }

  /** A request that got no answer (refused, reset, timed out) or an action that threw. */
  failure(name: string, message: string) {
    const kind = this.kind(name);
    kind.errors++;
    this.minute().errors++;
    this.sample(kind, message);
  }

  /** Keeps the first few distinct failure texts of a kind for the report. */
  sample(kind: Kind | string, text: string) {
    const k = typeof kind === "string" ? this.kind(kind) : kind;
    const short = text.slice(0, 300);
    if (k.samples.length < 5 && !k.samples.includes(short)) k.samples.push(short);
  }

  /** The per-kind markdown table. */
  table(): string[] {
    const f = (n: number) => (Number.isNaN(n) ? "-" : n.toFixed(n < 100 ? 1 : 0));
    const lines = [
      "| Kind | Requests | p50 ms | p95 ms | p99 ms | Errors (5xx, network) | 409/412 | Other 4xx |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
    ];
    for (const [name, kind] of [...this.kinds].sort((a, b) => a[0].localeCompare(b[0]))) {
      const sorted = [...kind.times].sort((a, b) => a - b);
      lines.push(
        `| ${name} | ${kind.times.length} | ${f(percentile(sorted, 50))} | ${
          f(percentile(sorted, 95))
        } | ${
          f(percentile(sorted, 99))
        } | ${kind.errors} | ${kind.expected} | ${kind.unexpected} |`,
      );
    }
    return lines;
  }

  totals() {
    let requests = 0, errors = 0, unexpected = 0, expected = 0;
    for (const kind of this.kinds.values()) {
      requests += kind.times.length;
      errors += kind.errors;
      unexpected += kind.unexpected;
      expected += kind.expected;
    }
    return { requests, errors, unexpected, expected };
  }

  /** The failure texts seen, by kind. */
  failureSamples(): string[] {
    return [...this.kinds].flatMap(([name, kind]) => kind.samples.map((s) => `${name}: ${s}`));
  }
}
