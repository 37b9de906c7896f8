import { connect } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { withDatabase } from "./database_url.ts";

/** deno task db:migrate: applies pending migrations to DATABASE_URL or the embedded database. */
await withDatabase(async (url) => {
  const sql = connect(url, { max: 1 });
  const applied = await migrate(sql, console.log);
  console.log(
    applied.length ? `${applied.length} Migration(en) angewendet.` : "Datenbank ist aktuell.",
  );
  await sql.end();
});
