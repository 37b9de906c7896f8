/**
 * The soak bench's app: `scripts/start.ts --no-build` as `deno task start` runs it (API, planner
 * worker, e-mail sender as its children) on a given database, and the resident memory of those
 * children read from /proc, as an operator would watch them.
 */
const root = new URL("../../../", import.meta.url).pathname;

/** The most lines of the app's output kept for the report; the counters below see them all. */
const keptLines = 200;

export interface RunningApp {
  base: string;
  /** pid of start.ts, which this bench spawned (its children are found through /proc). */
  pid: number;
  /** The pids of the children whose command line runs `script` (api/main.ts, ...). */
  childPids(script: string): number[];
  /** Lines of the app's output that say a child died ("... beendet (Code 1), Neustart in 2 s"). */
  restarts(): string[];
  /** Lines of the app's output that look like errors (stack traces, "Error", "Fehler"). */
  errorLines(): string[];
  stop(): Promise<void>;
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** ppid and command line of every process the kernel shows (those that vanish are skipped). */
function processes(): { pid: number; ppid: number; cmdline: string }[] {
  const found = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      // The command name in parentheses may hold spaces; the fields after it are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmdline = Deno.readTextFileSync(`/proc/${entry.name}/cmdline`).replaceAll("\0", " ");
      found.push({ pid: Number(entry.name), ppid, cmdline });
    } catch { /* ended meanwhile */ }
  }
  return found;
}

/** VmRSS of a process in MiB, or null when it is gone. */
export function residentMiB(pid: number): number | null {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** The process's thread count (workers of the hash pool and the import reader show here). */
export function threadCount(pid: number): number | null {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const n = /Threads:\s+(\d+)/.exec(status)?.[1];
    return n === undefined ? null : Number(n);
  } catch {
    return null;
  }
}

/**
 * The process's threads by name (/proc/<pid>/task/<tid>/comm, cut to 15 characters by the kernel):
 * "tokio-runtime-w" is Tokio's blocking pool, "V8 DefaultWorke" V8's platform threads, a Web
 * Worker carries its name ("worker-1", ...). Says which pool grew when the count does.
 */
export function threadNames(pid: number): Map<string, number> {
  const names = new Map<string, number>();
  try {
    for (const task of Deno.readDirSync(`/proc/${pid}/task`)) {
      try {
        const name = Deno.readTextFileSync(`/proc/${pid}/task/${task.name}/comm`).trim();
        names.set(name, (names.get(name) ?? 0) + 1);
      } catch { /* the thread ended meanwhile */ }
    }
  } catch { /* the process is gone */ }
  return names;
}

/** Starts the app on `databaseUrl` and waits until its API answers /api/csrf/. */
export async function startApp(databaseUrl: string): Promise<RunningApp> {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${root}scripts/start.ts`, "--no-build"],
    cwd: root,
    env: { DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lines: string[] = [];
  const restarts: string[] = [];
  const errors: string[] = [];
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    let rest = "";
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const parts = (rest + decoder.decode(chunk, { stream: true })).split("\n");
      rest = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (lines.length > keptLines) lines.shift();
        if (/ beendet \((Code|Signal) /.test(line)) restarts.push(line);
        else if (/error|fehler|panic|uncaught|^\s+at /i.test(line)) errors.push(line);
      }
    }
  };
  const drained = Promise.all([collect(child.stdout), collect(child.stderr)]);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`Die App ist beim Start beendet:\n${lines.join("\n")}`);
    try {
      const res = await fetch(`${base}/api/csrf/`);
      await res.body?.cancel();
      if (res.ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > deadline) throw new Error(`Die App antwortet nicht:\n${lines.join("\n")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid,
    childPids: (script) =>
      processes().filter((p) => p.ppid === child.pid && p.cmdline.includes(script)).map((p) =>
        p.pid
      ),
    restarts: () => [...restarts],
    errorLines: () => [...errors],
    async stop() {
      if (!exited) child.kill("SIGTERM");
      // Real-world time: start.ts gives its children their shutdown grace (the API's 10 s, the
      // solver's 5 s for a running plan); it usually ends within a second.
      const timer = setTimeout(() => !exited && child.kill("SIGKILL"), 20_000);
      await status;
      clearTimeout(timer);
      await drained;
    },
  };
}
