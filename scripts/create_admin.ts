import { parseArgs } from "node:util";
import { connect } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { createAdmin } from "./admins.ts";
import { withDatabase } from "./database_url.ts";

/** deno task create-admin <username> [--password-stdin] */
const { positionals, values } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: { "password-stdin": { type: "boolean" } },
});
const username = positionals[0];
if (!username) {
  console.error("Aufruf: deno task create-admin <benutzername> [--password-stdin]");
  Deno.exit(2);
}
let password: string | undefined;
if (values["password-stdin"]) {
  password = (await new Response(Deno.stdin.readable).text()).replace(/\r?\n$/, "");
  if (password.length < 10) {
    console.error("Das Passwort muss mindestens 10 Zeichen lang sein.");
    Deno.exit(2);
  }
}
await withDatabase(async (url) => {
  const sql = connect(url, { max: 1 });
  try {
    await migrate(sql);
    const [taken] = await sql`select 1 from users where lower(username) = lower(${username})`;
    if (taken) {
      console.error(`Den Benutzernamen „${username}“ gibt es schon.`);
      Deno.exitCode = 2;
      return;
    }
    const chosen = await createAdmin(sql, username, password);
    console.log(`Administrator angelegt: ${username}`);
    if (!password) console.log(`Passwort (wird nur jetzt angezeigt): ${chosen}`);
  } finally {
    await sql.end();
  }
});
