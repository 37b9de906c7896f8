/**
 * The API does not reach into the planner: what both need (the availability model, the job
 * constants, the test-data people) lives in common/, so the planner's internals can change
 * without the API noticing.
 */
import { assertEquals } from "../../api/testing/assert.ts";

const root = new URL("../../", import.meta.url);

async function* sourceFiles(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) yield* sourceFiles(url);
    else if (/\.tsx?$/.test(entry.name)) yield url;
  }
}

/** The relative module specifiers of a file's imports and re-exports. */
function importsOf(source: string): string[] {
  const pattern =
    /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  return [...source.matchAll(pattern)].map((m) => m[1] ?? m[2]);
}

Deno.test("no file in api/ imports from solver/", async () => {
  const api = new URL("api/", root);
  const solver = new URL("solver/", root).href;
  const offenders: string[] = [];
  for await (const file of sourceFiles(api)) {
    for (const specifier of importsOf(await Deno.readTextFile(file))) {
      if (!specifier.startsWith(".")) continue;
      if (new URL(specifier, file).href.startsWith(solver)) {
        offenders.push(`${file.href.slice(root.href.length)} → ${specifier}`);
      }
    }
  }
  assertEquals(offenders, []);
});
