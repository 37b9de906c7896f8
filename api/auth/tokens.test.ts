import { assertEquals } from "../testing/assert.ts";
import { sha256Hex } from "./tokens.ts";

Deno.test("sha256Hex is the hex SHA-256 of the text", async () => {
  assertEquals(
    await sha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

/**
 * Every signed-in request hashes its session token. crypto.subtle.digest runs on Tokio's blocking
 * pool: each digest wakes a pool thread, concurrent requests start more (up to 32), and under
 * steady traffic none of them stays idle for the 10 s that ends it. The soak saw the API go from 7
 * to 22 threads that way. A hash of 64 characters takes microseconds on the calling thread.
 * Checked in a process of its own: `deno test --parallel` runs other files' runtimes (each with
 * its own pool) in this one.
 */
Deno.test("hashing tokens starts no threads of Tokio's blocking pool", async () => {
  const script = `
    import { sha256Hex } from ${JSON.stringify(new URL("./tokens.ts", import.meta.url).href)};
    const poolThreads = () => [...Deno.readDirSync("/proc/self/task")].filter((t) => {
      try { return Deno.readTextFileSync("/proc/self/task/" + t.name + "/comm").startsWith("tokio-runtime-w"); }
      catch { return false; }
    }).length;
    // Real-world time: the threads that loaded the modules end after Tokio's 10 s keep-alive;
    // until then a digest could run on one of them unnoticed.
    const deadline = Date.now() + 20_000;
    while (poolThreads() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const before = poolThreads();
    // 50 requests at once, each hashing twice with some work between, as the middleware does.
    await Promise.all(Array.from({ length: 50 }, async (_, k) => {
      await sha256Hex("session-" + k);
      let s = 0;
      for (let i = 0; i < 20_000; i++) s += i;
      await sha256Hex("version-" + k + s);
    }));
    console.log(JSON.stringify({ before, after: poolThreads() }));
  `;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", script],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assertEquals(output.code, 0);
  const counts = JSON.parse(new TextDecoder().decode(output.stdout).trim());
  assertEquals(counts, { before: 0, after: 0 });
});
