/**
 * The school both delivery tests (e-mail and push) start from: an admin signed in, Lena (student,
 * picked up at "Kley", Kleyer Weg 1) and Otto (instructor), each with an address; and the reset
 * between their tests.
 */
import type { Sql } from "../../db/connection.ts";
import { type createTestApp, insertUser } from "../../api/testing/test_app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Adds chef (admin), Lena and Otto; answers their ids and chef's signed-in client. */
export async function outboxSchool(t: TestApp) {
  await insertUser(t.sql, { username: "chef", role: "admin" });
  const lena = await insertUser(t.sql, {
    username: "lena",
    role: "student",
    first_name: "Lena",
    last_name: "Lernt",
    email: "lena@example.org",
  });
  const otto = await insertUser(t.sql, {
    username: "otto",
    role: "instructor",
    first_name: "Otto",
    last_name: "Lehrer",
    email: "otto@example.org",
  });
  await t.sql`update pickup_points set address = 'Kleyer Weg 1' where name = 'Kley'`;
  await t.sql`update student_profiles set start_location = 'Kley' where user_id = ${lena}`;
  const admin = t.client();
  await admin.login("chef");
  return { lena, otto, admin };
}

/** Empties lessons, outbox and everyone's notification choices. */
export async function clearOutbox(sql: Sql): Promise<void> {
  await sql`delete from appointments`;
  await sql`delete from notification_outbox`;
  await sql`delete from notification_preferences`;
}
