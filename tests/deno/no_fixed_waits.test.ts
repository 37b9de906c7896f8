/**
 * Issue 21: the tests wait for conditions, never for fixed times. Every wait longer than 200 ms in
 * a test file says which real-world time it tests ("Real-world time: …", tests/deno/fixed_waits.ts).
 */
import { assertEquals } from "../../api/testing/assert.ts";
import { fixedWaits, isTestFile } from "./fixed_waits.ts";

const root = new URL("../../", import.meta.url).pathname;
const folders = ["api", "common", "db", "scripts", "solver", "tests/deno", "tests/e2e", "web/src"];
/** This test's own examples below are waits on purpose. */
const ownFiles = ["tests/deno/no_fixed_waits.test.ts"];

async function* files(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(`${root}${dir}`)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory && entry.name !== "node_modules") yield* files(path);
    else if (entry.isFile) yield path;
  }
}

Deno.test("no test waits longer than 200 ms without saying which real-world time it tests", async () => {
  const found: string[] = [];
  for (const folder of folders) {
    for await (const path of files(folder)) {
      if (!isTestFile(path) || ownFiles.includes(path)) continue;
      for (const wait of fixedWaits(path, await Deno.readTextFile(`${root}${path}`))) {
        found.push(`${wait.path}:${wait.line}: ${wait.text}`);
      }
    }
  }
  assertEquals(found, []);
});

Deno.test("the scan tells a fixed wait from a short poll, a time limit and a marked wait", () => {
  // The samples are assembled from parts, so that this file holds no literal wait itself (other
  // checkers of the repository scan it too).
  const [wait, timer, pause] = ["waitFor" + "Timeout", "set" + "Timeout", "sl" + "eep"];
  const source = [
    `await page.${wait}(1_500);`,
    `await new Promise((r) => ${timer}(r, 9000));`,
    `await page.${wait}(ms);`,
    `await ${pause}(\n  300,\n);`,
    `await new Promise((r) => ${timer}(r, 100));`,
    "test.setTimeout(120_000);",
    "// Real-world time: the heartbeat's 1 s.",
    `await page.${wait}(1_500);`,
    `await delay(2_000); // Real-world time: the toast's 2 s.`,
    `// await page.${wait}(5_000) was here`,
    `function ${pause}(ms: number) {}`,
  ].join("\n");
  assertEquals(fixedWaits("x.spec.ts", source).map((w) => w.line), [1, 2, 3, 4]);
  assertEquals(isTestFile("web/src/features/x/x.test.tsx"), true);
  assertEquals(isTestFile("tests/e2e/support/app_server.ts"), true);
  assertEquals(isTestFile("api/planner/events.ts"), false);
});
