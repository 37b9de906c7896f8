/**
 * Finds fixed waits in test files (issue 21: tests wait for conditions, not for the clock). A wait
 * is `waitForTimeout(ms)`, a global `setTimeout(…, ms)` (the sleep `new Promise((r) =>
 * setTimeout(r, ms))` among them), `sleep(ms)` or `delay(ms)`. One longer than MAX_WAIT_MS, or
 * one whose length is not a plain number, must say why: a comment on its line or right above it
 * that starts with "Real-world time:" and names the real-world time being tested.
 */

/** Longer waits need the comment. */
export const MAX_WAIT_MS = 200;
const MARK = /Real-world time:\s*\S/i;
/** The calls that wait; their last argument is the length of the wait. */
const WAITS = /\b(waitForTimeout|setTimeout|sleep|delay)\s*\(/g;

export interface FixedWait {
  path: string;
  line: number;
  text: string;
}

/** Where a test file's text waits too long without saying why. */
export function fixedWaits(path: string, source: string): FixedWait[] {
  const lines = source.split("\n");
  const found: FixedWait[] = [];
  for (const match of source.matchAll(WAITS)) {
    const name = match[1];
    // test.setTimeout(…) sets a limit and does not wait; only page.waitForTimeout is a method.
    if (name !== "waitForTimeout" && source[match.index! - 1] === ".") continue;
    // Written about in a comment, or declared (function sleep(ms)): not a wait.
    const before = source.slice(source.lastIndexOf("\n", match.index!) + 1, match.index).trim();
    if (/^(\/\/|\*|\/\*)/.test(before) || /\bfunction$/.test(before)) continue;
    const args = argumentsOf(source, match.index! + match[0].length);
    if (args === undefined) continue;
    const length = args.at(-1)!.trim();
    if (name === "setTimeout" && args.length < 2) continue;
    const ms = Number(length.replaceAll("_", ""));
    if (length !== "" && Number.isFinite(ms) && ms <= MAX_WAIT_MS) continue;
    const line = source.slice(0, match.index).split("\n").length;
    if (saysWhy(lines, line - 1)) continue;
    found.push({ path, line, text: lines[line - 1].trim() });
  }
  return found;
}

/** The top-level arguments of a call whose "(" ends just before `start`. */
function argumentsOf(source: string, start: number): string[] | undefined {
  const args: string[] = [];
  let depth = 0;
  let current = "";
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if ("([{".includes(c)) depth++;
    if (")]}".includes(c)) {
      if (depth === 0) {
        args.push(current);
        return args;
      }
      depth--;
    }
    if (c === "," && depth === 0) {
      args.push(current);
      current = "";
    } else current += c;
  }
  return undefined;
}

/** The wait's own line, or the comment lines directly above it, carry the mark. */
function saysWhy(lines: string[], index: number): boolean {
  if (MARK.test(lines[index])) return true;
  for (let i = index - 1; i >= 0; i--) {
    const line = lines[i].trim();
    if (!(line.startsWith("//") || line.startsWith("*") || line.startsWith("/*"))) return false;
    if (MARK.test(line)) return true;
  }
  return false;
}

/** Test files: the Deno and e2e test folders, and every *.test.* / *.spec.* file of the app. */
export function isTestFile(path: string): boolean {
  if (!/\.(ts|tsx)$/.test(path)) return false;
  if (path.startsWith("tests/e2e/") || path.startsWith("tests/deno/")) return true;
  return /\.(test|spec)\.tsx?$/.test(path);
}
