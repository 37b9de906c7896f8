// House style: web features do not import each other; shared parts live in
// web/src/components/ or web/src/lib/. This test reads every import in
// web/src/features/<feature>/ and fails on one that reaches another feature.
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { assertEquals } from "../../api/testing/assert.ts";

const featuresDir = fileURLToPath(new URL("../../web/src/features", import.meta.url));

/** The import and export specifiers of one source file (static and dynamic). */
function importSpecifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;
  return [...source.matchAll(pattern)].map((match) => match[1]);
}

/** The feature folder a path lies in, or undefined outside web/src/features. */
function featureOf(path: string): string | undefined {
  const inside = relative(featuresDir, normalize(path));
  if (inside.startsWith("..")) return undefined;
  return inside.split(/[\\/]/)[0];
}

/** Every .ts and .tsx file below a folder. */
function sourceFiles(dir: string): string[] {
  return [...Deno.readDirSync(dir)].flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** "file: specifier" for every import from one feature into another. */
function crossFeatureImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(featuresDir)) {
    const own = featureOf(file);
    for (const specifier of importSpecifiers(Deno.readTextFileSync(file))) {
      if (!specifier.startsWith(".")) continue;
      const target = featureOf(join(dirname(file), specifier));
      if (target !== undefined && target !== own) {
        found.push(`${relative(featuresDir, file)}: ${specifier}`);
      }
    }
  }
  return found.sort();
}

Deno.test("no web feature imports from another feature", () => {
  assertEquals(crossFeatureImports(), []);
});

Deno.test("the check sees imports, also dynamic ones, and knows which feature a path is in", () => {
  const source = `import { A } from "../other/a.ts";\nconst b = await import("../other/b.ts");`;
  assertEquals(importSpecifiers(source), ["../other/a.ts", "../other/b.ts"]);
  assertEquals(featureOf(join(featuresDir, "planner", "x.tsx")), "planner");
  assertEquals(featureOf(join(featuresDir, "..", "lib", "x.ts")), undefined);
});
