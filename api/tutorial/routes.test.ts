import { startChecklistSchema, tutorialStateSchema } from "../../common/contract/tutorial.ts";
import { assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

const t = await createTestApp("tutorial_state");
await insertUser(t.sql, { username: "chef", role: "admin" });
await insertUser(t.sql, { username: "kollegin", role: "admin" });
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

async function tutorials(client = admin) {
  const res = await client.request("GET", "/api/my-tutorials/");
  assertEquals(res.status, 200);
  const body = await res.json();
  assertContract(tutorialStateSchema, body);
  return body.completed;
}

async function checklist() {
  const res = await admin.request("GET", "/api/admin/start-checklist/");
  assertEquals(res.status, 200);
  const body = await res.json();
  assertContract(startChecklistSchema, body);
  return body;
}

Deno.test("a new user has finished no tour; finishing one is kept per user and can be undone", async () => {
  assertEquals((await tutorials()).admin, false);
  const put = await admin.request("PUT", "/api/my-tutorials/", { tour: "admin", completed: true });
  assertEquals(put.status, 200);
  assertEquals((await put.json()).completed.admin, true);
  // A second browser of the same user sees it; another admin does not.
  const other = t.client();
  await other.login("chef");
  assertEquals((await tutorials(other)).admin, true);
  const colleague = t.client();
  await colleague.login("kollegin");
  assertEquals((await tutorials(colleague)).admin, false);
  // Marking twice is fine; marking undone lets the tour start again.
  assertEquals(
    (await admin.request("PUT", "/api/my-tutorials/", { tour: "admin", completed: true })).status,
    200,
  );
  const undo = await admin.request("PUT", "/api/my-tutorials/", {
    tour: "admin",
    completed: false,
  });
  assertEquals((await undo.json()).completed.admin, false);
});

Deno.test("PUT /my-tutorials/ refuses an unknown tour with a German message", async () => {
  const res = await admin.request("PUT", "/api/my-tutorials/", { tour: "geheim", completed: true });
  assertEquals(res.status, 400);
  const text = await res.text();
  assertEquals(text.includes("Unbekanntes Tutorial."), true, text);
});

Deno.test("/my-tutorials/ needs a session", async () => {
  const res = await t.client().request("GET", "/api/my-tutorials/");
  assertEquals(res.status, 401);
});

Deno.test("the start checklist ticks each item from the school's data", async () => {
  const ticks = async () =>
    Object.fromEntries((await checklist()).items.map((i: { key: string; done: boolean }) => [
      i.key,
      i.done,
    ]));
  assertEquals(await ticks(), {
    vehicles: false,
    instructors: false,
    students: false,
    rules: false,
    planning: false,
  });
  await t.sql`insert into vehicles (name) values ('F-PL 101')`;
  await insertUser(t.sql, { username: "lehrer", role: "instructor" });
  assertEquals((await ticks()).vehicles, true);
  assertEquals((await ticks()).instructors, true);
  // A questionnaire link sent counts as well as an imported student.
  await t.sql`
    insert into questionnaires (token, first_name, last_name, email, expires_at)
    values ('tok', 'Lena', 'Neu', 'lena@example.de', now() + interval '30 days')
  `;
  assertEquals((await ticks()).students, true);
  const settings = await admin.request("GET", "/api/admin/planner-settings/");
  const saved = await admin.request(
    "PUT",
    "/api/admin/planner-settings/",
    (await settings.json()).settings,
  );
  assertEquals(saved.status, 200, await saved.clone().text());
  assertEquals((await ticks()).rules, true);
  assertEquals((await checklist()).all_done, false);
  await t.sql`insert into planner_jobs (status) values ('completed')`;
  const last = await checklist();
  assertEquals(last.items.every((i: { done: boolean }) => i.done), true);
  assertEquals(last.all_done, true);
});

Deno.test('looking at the rules screen ticks "Regeln prüfen" for the whole school', async () => {
  // The admin tour shows the rules and asks no save (issue 25): having looked counts too.
  await t.sql`delete from planner_settings`;
  const rules = async () =>
    (await checklist()).items.find((i: { key: string }) => i.key === "rules").done;
  assertEquals(await rules(), false);
  const seen = await admin.request("POST", "/api/admin/rules-reviewed/");
  assertEquals(seen.status, 200, await seen.clone().text());
  assertEquals(await rules(), true);
  // Twice is fine; an instructor may not.
  assertEquals((await admin.request("POST", "/api/admin/rules-reviewed/")).status, 200);
  await insertUser(t.sql, { username: "lehrer3", role: "instructor" });
  const teacher = t.client();
  await teacher.login("lehrer3");
  assertEquals((await teacher.request("POST", "/api/admin/rules-reviewed/")).status, 403);
});

Deno.test("the start checklist is for admins only", async () => {
  await insertUser(t.sql, { username: "lehrer2", role: "instructor" });
  const teacher = t.client();
  await teacher.login("lehrer2");
  assertEquals((await teacher.request("GET", "/api/admin/start-checklist/")).status, 403);
});

// Last: its student would tick the checklist the tests above start empty.
Deno.test("PUT /my-tutorials/ keeps only the tours of the user's own role", async () => {
  await insertUser(t.sql, { username: "schuelerin", role: "student" });
  const student = t.client();
  await student.login("schuelerin");
  const own = await student.request("PUT", "/api/my-tutorials/", {
    tour: "student",
    completed: true,
  });
  assertEquals(own.status, 200);
  assertEquals((await own.json()).completed.student, true);
  // Another role's tour, and the demo questionnaire's (no sign-in there: kept in the browser).
  for (const tour of ["admin", "student_list", "instructor", "questionnaire_demo"]) {
    const res = await student.request("PUT", "/api/my-tutorials/", { tour, completed: true });
    assertEquals(res.status, 400, tour);
    assertEquals((await res.json()).error, "Dieses Tutorial gibt es für Ihr Konto nicht.");
  }
  const listed = await admin.request("PUT", "/api/my-tutorials/", {
    tour: "student_list",
    completed: true,
  });
  assertEquals((await listed.json()).completed.student_list, true);
  const demo = await admin.request("PUT", "/api/my-tutorials/", {
    tour: "questionnaire_demo",
    completed: true,
  });
  assertEquals(demo.status, 400);
  const stored = await t.sql<{ tour: string }[]>`
    select tour from tutorial_states t join users u on u.id = t.user_id
    where u.username = 'schuelerin'
  `;
  assertEquals(stored.map((r) => r.tour), ["student"]);
});
