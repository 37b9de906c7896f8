/** deno task plan <instance.json> [--out plan.json] [--time-limit SECONDS] */
import { InstanceError, parseInstance } from "./instance.ts";
import { type Plan, type PlanStats, timedPlan } from "./plan.ts";

const percent = (x: number) => `${(x * 100).toFixed(1).replace(".", ",")} %`;

/**
 * The German one-line summary; it claims no more than the run proved: "optimal (bewiesen)" only at
 * the upper bound, else how many more lessons are possible at most; a best lowest share only when
 * proven, else the bound on it. The seconds come from the timing report (not part of the plan);
 * where the time limit cut a search short, the line says so.
 */
export function summaryLine(s: PlanStats, openNeeds: number, seconds: number): string {
  const lessons = s.optimal
    ? `${s.lessons} Fahrstunden, optimal (bewiesen)`
    : `${s.lessons} Fahrstunden, höchstens ${s.lessonsGap} Fahrstunde${
      s.lessonsGap === 1 ? "" : "n"
    } mehr möglich`;
  const share = s.bestMinShare !== undefined
    ? `niedrigste Quote ${percent(s.minShare)} (bestmöglich, bewiesen)`
    : `niedrigste Quote ${percent(s.minShare)} (höchstens ${percent(s.minShareBound)} möglich)`;
  const limit = s.timeLimitHit ? "; Zeitlimit erreicht" : "";
  return `${lessons}; ${share}; ${openNeeds} offene Bedarfe, ${
    seconds.toFixed(2).replace(".", ",")
  } s${limit}`;
}

/**
 * The German line on the instructors' shares: lessons over their monthly target (pro rata) or,
 * without one, over the lessons they could give (report/quality.ts).
 */
export function instructorShareLine(s: PlanStats): string {
  return `Fahrlehrer-Auslastung: niedrigste ${percent(s.minInstructorShare)}, höchste ${
    percent(s.maxInstructorShare)
  }`;
}

const decimal = (x: number) => x.toFixed(2).replace(".", ",");

/** The German continuity report: the average instructors per month, then per student the Stammfahrlehrer. */
export function continuityLines(p: Pick<Plan, "stats" | "continuity">): string[] {
  return [
    `Fahrlehrer pro Monat (Mittel über Fahrschüler und Monate mit Fahrstunden): ${
      decimal(p.stats.instructorsPerMonth)
    }`,
    ...p.continuity.map((c) =>
      c.regularInstructor === null
        ? `${c.student}: keine Fahrstunden`
        : `${c.student}: Stammfahrlehrer ${c.regularInstructor} (${
          percent(c.regularShare)
        } der Fahrstunden), Fahrlehrer pro Monat ${decimal(c.instructorsPerMonth)}`
    ),
  ];
}

/** Version 2: the special drives planned and the units left open. */
export function specialLine(
  stats: Record<string, number | boolean | undefined>,
): string {
  return `Sonderfahrten: ${Number(stats.specialDrives ?? 0)} geplant, ${
    Number(stats.specialUnitsMissing ?? 0)
  } Einheiten (à 45 Min.) offen`;
}

function fail(message: string): never {
  console.error(message);
  Deno.exit(2);
}

function parseArgs(args: string[]): { file: string; out?: string; timeLimit?: number } {
  let file: string | undefined, out: string | undefined, timeLimit: number | undefined;
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a === "--out") out = args[++k];
    else if (a === "--time-limit") {
      timeLimit = Number(args[++k]);
      if (!(timeLimit > 0)) fail("--time-limit erwartet eine positive Zahl von Sekunden");
    } else if (a.startsWith("--")) fail(`Unbekannte Option ${a}`);
    else file = a;
  }
  if (!file) {
    fail("Aufruf: deno task plan <instance.json> [--out plan.json] [--time-limit SEKUNDEN]");
  }
  return { file, out, timeLimit };
}

if (import.meta.main) {
  const { file, out, timeLimit } = parseArgs(Deno.args);
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (e) {
    fail(`Datei ${file} kann nicht gelesen werden: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    fail(`Datei ${file} ist kein gültiges JSON: ${(e as Error).message}`);
  }
  let instance;
  try {
    instance = parseInstance(json);
  } catch (e) {
    if (e instanceof InstanceError) fail(e.message);
    throw e;
  }
  // The plan file holds no elapsed time, so the same instance gives the same file; the seconds
  // are printed in the summary line only.
  const { plan: result, timing } = timedPlan(instance, { timeLimitSeconds: timeLimit });
  const body = JSON.stringify(result, null, 2) + "\n";
  if (out) await Deno.writeTextFile(out, body);
  else await Deno.stdout.write(new TextEncoder().encode(body));
  console.error(summaryLine(result.stats, result.unplanned.length, timing.seconds));
  if (result.format === "fahrplan-plan/2") console.error(specialLine(result.stats));
  console.error(instructorShareLine(result.stats));
  console.error(continuityLines(result).join("\n"));
}
