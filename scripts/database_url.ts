import { startEmbeddedDatabase } from "../db/embedded_db.ts";

export const dataDir = Deno.env.get("FAHRPLAN_DATA_DIR") ??
  new URL("../.data", import.meta.url).pathname;

export const embeddedDataDir = `${dataDir}/pgdata`;
/** Written by a running `deno task start`, so other commands reach its embedded database. */
export const embeddedUrlFile = `${dataDir}/embedded-url`;

async function runningEmbeddedUrl(): Promise<string | undefined> {
  try {
    const url = (await Deno.readTextFile(embeddedUrlFile)).trim();
    const port = Number(new URL(url).port);
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    conn.close();
    return url;
  } catch {
    return undefined;
  }
}

/** Runs `work` against DATABASE_URL, the running embedded database, or a freshly opened one. */
export async function withDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const url = Deno.env.get("DATABASE_URL") ?? await runningEmbeddedUrl();
  if (url) return await work(url);
  const embedded = await startEmbeddedDatabase(embeddedDataDir);
  try {
    return await work(embedded.url);
  } finally {
    await embedded.stop();
  }
}
