const root = new URL("../", import.meta.url).pathname;

function newestMtime(path: string): number {
  const info = Deno.statSync(path);
  if (!info.isDirectory) return info.mtime?.getTime() ?? 0;
  let newest = 0;
  for (const entry of Deno.readDirSync(path)) {
    newest = Math.max(newest, newestMtime(`${path}/${entry.name}`));
  }
  return newest;
}

/** Builds web/dist with Vite when it is missing or older than the web sources. */
export async function buildWebIfNeeded(): Promise<void> {
  const built = (() => {
    try {
      return Deno.statSync(`${root}web/dist/index.html`).mtime?.getTime() ?? 0;
    } catch {
      return 0;
    }
  })();
  const sources = ["web/src", "web/public", "web/index.html", "web/vite.config.ts"]
    .map((p) => newestMtime(`${root}${p}`));
  if (built && built >= Math.max(...sources)) return;
  console.log("Web-App wird gebaut …");
  const status = await new Deno.Command(`${root}node_modules/.bin/vite`, {
    args: ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"],
    cwd: root,
  }).spawn().status;
  if (!status.success) throw new Error("Der Build der Web-App ist fehlgeschlagen.");
}
