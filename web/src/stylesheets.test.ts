import { readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// (Not `new URL("./", import.meta.url)`: Vite rewrites that pattern into an asset address.)
const srcDir = `${dirname(fileURLToPath(import.meta.url))}/`;

/** Every stylesheet under web/src, as a path relative to it. */
function stylesheets(dir = srcDir, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return stylesheets(`${dir}${entry.name}/`, `${prefix}${entry.name}/`);
    return entry.name.endsWith(".css") ? [`${prefix}${entry.name}`] : [];
  });
}

/**
 * Where a block is left open or closed twice ('' when the braces pair up). Comments and strings
 * do not count. An unclosed block does not break the build: with CSS nesting, every rule after it
 * silently becomes a child of it and matches nothing.
 */
export function braceProblem(css: string): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/"[^"\n]*"|'[^'\n]*'/g, '""');
  const open: number[] = [];
  let line = 1;
  for (const char of text) {
    if (char === "\n") line++;
    else if (char === "{") open.push(line);
    else if (char === "}" && open.pop() === undefined) return `'}' ohne Block in Zeile ${line}`;
  }
  return open.length > 0 ? `Block aus Zeile ${open[open.length - 1]} nicht geschlossen` : "";
}

describe("stylesheets", () => {
  it("finds the stylesheets", () => {
    expect(stylesheets()).toContain("features/appointments/appointments.css");
  });

  it("tells an unclosed block from a closed one", () => {
    expect(braceProblem(".a {\n  color: red;\n.b { color: blue; }\n")).toBe(
      "Block aus Zeile 1 nicht geschlossen",
    );
    expect(braceProblem(".a { content: '}'; } /* { */")).toBe("");
  });

  it.each(stylesheets())("%s closes every block it opens", (file) => {
    expect(braceProblem(readFileSync(`${srcDir}${file}`, "utf8"))).toBe("");
  });
});
