/** The school's people from the test-data package (matched by the package's e-mail addresses). */
import type { Db } from "../../db/connection.ts";
import { testDataEmails } from "./test_data.ts";

/** The user ids of the package's instructors and students that exist in this school. */
export async function testDataPeopleIds(sql: Db): Promise<number[]> {
  const emails = testDataEmails();
  const rows = await sql<{ id: number }[]>`
    select id::int from users
     where (role = 'instructor' and lower(email) = any(${emails.instructor}::text[]))
        or (role = 'student' and lower(email) = any(${emails.student}::text[]))
     order by id
  `;
  return rows.map((r) => r.id);
}

/** How many package people and how many real instructors and students the school has. */
export async function testDataCounts(sql: Db) {
  const ids = await testDataPeopleIds(sql);
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from users
     where role in ('instructor', 'student') and not (id = any(${ids}::bigint[]))
  `;
  return { test_people: ids.length, real_people: n };
}
