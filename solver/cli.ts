/** deno task plan <instance.json> [--out plan.json] [--time-limit SECONDS] */
import { InstanceError, parseInstance } from "./instance.ts";
import { plan } from "./plan.ts";

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
  const result = plan(instance, { timeLimitSeconds: timeLimit });
  const body = JSON.stringify(result, null, 2) + "\n";
  if (out) await Deno.writeTextFile(out, body);
  else await Deno.stdout.write(new TextEncoder().encode(body));
  const s = result.stats;
  console.error(
    `${s.lessons} Fahrstunden (obere Schranke ${s.upperBound}), niedrigste Quote ${
      (s.minShare * 100).toFixed(1)
    } % ` +
      `(bestmöglich ${
        (s.bestMinShare * 100).toFixed(1)
      } %), ${result.unplanned.length} offene Bedarfe, ${s.seconds.toFixed(2)} s`,
  );
}
