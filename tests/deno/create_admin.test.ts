import { verifyPassword } from "../../common/passwords.ts";
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser } from "../../api/testing/test_app.ts";

const root = new URL("../../", import.meta.url).pathname;
const t = await createTestApp("create_admin");

/** Each test starts without users and makes the ones it needs. */
const clean = () => t.sql`delete from users`;

async function createAdmin(args: string[], stdin?: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${root}scripts/create_admin.ts`, ...args],
    env: { DATABASE_URL: t.url },
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(stdin));
    await writer.close();
  }
  const out = await child.output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

Deno.test("create-admin generates and prints a password that signs in", async () => {
  await clean();
  const result = await createAdmin(["chefin"]);
  assertEquals(result.code, 0, result.stderr);
  const password = result.stdout.match(/Passwort[^:]*:\s+(\S+)/)![1];
  const [row] = await t.sql`select password_hash, role from users where username = 'chefin'`;
  assertEquals(row.role, "admin");
  assert(row.password_hash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$"));
  assert(await verifyPassword(password, row.password_hash));
});

Deno.test("create-admin --password-stdin takes the password and prints none", async () => {
  await clean();
  const result = await createAdmin(["zweiter", "--password-stdin"], "ein-langes-passwort\n");
  assertEquals(result.code, 0, result.stderr);
  assert(!result.stdout.includes("ein-langes-passwort"));
  const [row] = await t.sql`select password_hash from users where username = 'zweiter'`;
  assert(await verifyPassword("ein-langes-passwort", row.password_hash));
});

Deno.test("create-admin refuses a taken username with a German message", async () => {
  await clean();
  await insertUser(t.sql, { username: "chefin", role: "admin" });
  const result = await createAdmin(["chefin"]);
  assertEquals(result.code, 2);
  assert(result.stderr.includes("gibt es schon"));
});

Deno.test.afterAll?.(() => t.close());
