import { randomPassword, startEmbeddedDatabase } from "../db/embedded_db.ts";

export const dataDir = Deno.env.get("FAHRPLAN_DATA_DIR") ??
  new URL("../.data", import.meta.url).pathname;

export const embeddedDataDir = `${dataDir}/pgdata`;
/** Written by a running `deno task start`, so other commands reach its embedded database. */
export const embeddedUrlFile = `${dataDir}/embedded-url`;

/** The password for clients other than the app (psql), made at the first start (issue 24). */
export const embeddedPasswordFile = `${dataDir}/embedded-password`;

/** Reads the outside password, making it (readable by the owner only) when there is none. */
export async function embeddedOutsidePassword(): Promise<string> {
  try {
    const stored = (await Deno.readTextFile(embeddedPasswordFile)).trim();
    if (stored) return stored;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  await Deno.mkdir(dataDir, { recursive: true });
  const password = randomPassword();
  await Deno.writeTextFile(embeddedPasswordFile, `${password}\n`, { mode: 0o600 });
  return password;
}

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
