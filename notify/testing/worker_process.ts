/**
 * The delivery worker as the real process (notify/main.ts) for the tests that kill it: started
 * against a test database and SMTP server with a 2-second lease and a 200 ms poll, its output
 * collected for the log lines.
 */
const repo = new URL("../../", import.meta.url).pathname;

/** Starts `deno run -A notify/main.ts`; `exited` resolves once it ended and its output is read. */
export function startWorker(databaseUrl: string, smtpUrl: string) {
  let output = "";
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "notify/main.ts"],
    cwd: repo,
    env: {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      SMTP_FROM: "Fahrschule <buero@fahrschule.example>",
      FAHRPLAN_OUTBOX_LEASE_SECONDS: "2",
      FAHRPLAN_NOTIFY_POLL_MS: "200",
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) output += decoder.decode(chunk, { stream: true });
  };
  const exited = Promise.all([collect(child.stdout), collect(child.stderr)])
    .then(() => child.status);
  return { child, exited, output: () => output };
}

/** Polls `check` every 50 ms until it holds; fails after 30 s naming `what`. */
export async function until(check: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
