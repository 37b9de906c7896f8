import { type Browser, expect, type Page, test } from "@playwright/test";
import { root, useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Issue 23, draft then publish: a planner run's lessons are the office's alone ("Ausstehend")
// until "Plan veröffentlichen"; "Entwurf verwerfen" deletes them. No SMTP_URL here: the dashboard
// says e-mail is not set up and the message waits in the outbox.
const app = useApp("publish_plan");
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app().seed(`${root}solver/examples/klein.json`);
  await app().createUser({ username: "chef", role: "admin" });
  await app().sql`update users set email = 's001@example.org' where username = 's001'`;
});

async function runPlanner(page: Page): Promise<number> {
  await page.goto(`${app().baseURL}/admin-panel`);
  await page.getByRole("button", { name: "KI-Planung starten" }).click();
  const toast = page.locator(".toast").filter({ hasText: /\d+ Termine wurden erstellt\./ });
  await expect(toast).toBeVisible({ timeout: 60_000 });
  return Number((await toast.innerText()).match(/(\d+) Termine wurden erstellt\./)![1]);
}

/** The lessons student s001 is shown on their own calendar's data. */
async function lessonsOfStudent(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "s001", "fahrplan-entwicklung");
  const count = await page.evaluate(async () =>
    (await (await fetch("/api/my-appointments/")).json()).length as number
  );
  await context.close();
  return count;
}

test("a discarded draft is gone without anybody having seen it", async ({ page, browser }) => {
  await loginAs(page, app().baseURL, "chef");
  const created = await runPlanner(page);
  expect(created).toBeGreaterThan(0);
  const draft = page.getByRole("region", { name: "Planentwurf" });
  await expect(draft).toContainText(`Entwurf, noch nicht veröffentlicht: ${created} Fahrstunden`);
  expect(await lessonsOfStudent(browser)).toBe(0);
  // After a reload the run's result still stands beside the draft (issue 25), not the count alone.
  await page.reload();
  await expect(page.getByRole("region", { name: "Letzte Planung" })).toContainText(
    `${created} Fahrstunden geplant.`,
  );

  await draft.getByRole("button", { name: "Entwurf verwerfen" }).click();
  const dialog = page.getByRole("dialog", { name: "Entwurf verwerfen?" });
  await expect(dialog).toContainText(`Die ${created} Fahrstunden des Entwurfs werden gelöscht.`);
  await dialog.getByRole("button", { name: "Entwurf verwerfen" }).click();
  // The run's own toast may still show: look for this one among them.
  await expect(
    page.locator(".toast").filter({
      hasText: `Entwurf verworfen: ${created} Fahrstunden gelöscht.`,
    }),
  ).toBeVisible();
  await expect(draft).toHaveCount(0);
  const [{ n }] = await app().sql`select count(*)::int as n from appointments`;
  expect(n).toBe(0);
});

test("published, the lessons reach the people and the e-mail waits in the outbox", async ({ page, browser }) => {
  await loginAs(page, app().baseURL, "chef");
  const created = await runPlanner(page);
  const [{ mine }] = await app().sql`
    select count(*)::int as mine from appointments a join users u on u.id = a.student_id
     where u.username = 's001' and a.status = 'pending'`;
  expect(mine).toBeGreaterThan(0);
  // The office's list marks the draft "Ausstehend".
  await page.goto(`${app().baseURL}/appointments`);
  await expect(page.getByText("Ausstehend").first()).toBeVisible();
  // A draft lesson's detail says who cannot see it yet.
  await page.locator("tbody tr").first().locator("td").nth(2).click();
  await expect(page.getByRole("dialog")).toContainText(
    "Planentwurf: Fahrlehrer und Fahrschüler sehen den Termin erst nach „Plan veröffentlichen“.",
  );
  await page.keyboard.press("Escape");
  expect(await lessonsOfStudent(browser)).toBe(0);

  await page.goto(`${app().baseURL}/admin-panel`);
  const draft = page.getByRole("region", { name: "Planentwurf" });
  // Publishing tells everyone: it asks first, with what goes out (issue 25).
  const [{ people }] = await app().sql`
    select count(distinct student_id)::int + count(distinct instructor_id)::int as people
      from appointments where status = 'pending'`;
  await draft.getByRole("button", { name: "Plan veröffentlichen" }).click();
  const ask = page.getByRole("dialog", { name: "Plan veröffentlichen?" });
  await expect(ask).toContainText(
    `${created} Fahrstunden veröffentlichen? ${people} Personen werden benachrichtigt.`,
  );
  await ask.getByRole("button", { name: "Veröffentlichen" }).click();
  const published = page.locator(".toast").filter({
    hasText: `Plan veröffentlicht: ${created} Fahrstunden für ${people} Personen.`,
  });
  // How long it stays (8 s, the walker looked after 2.5 s and saw none) is checked on the
  // panel's own clock in plan_draft_panel.test.tsx, without waiting here.
  await expect(published).toBeVisible();
  await expect(draft).toHaveCount(0);
  expect(await lessonsOfStudent(browser)).toBe(mine);

  // s001 has an address: one e-mail with all their lessons waits, since e-mail is not set up.
  const card = page.getByRole("region", { name: "Benachrichtigungen" });
  await expect(card).toContainText("E-Mail ist nicht eingerichtet");
  await expect(card).toContainText("1 Nachricht wartet");
  const [mail] = await app().sql`select subject, status from notification_outbox`;
  const count = mine === 1 ? "1 neuer Termin" : `${mine} neue Termine`;
  expect(mail).toEqual({ subject: `Ihr Fahrplan: ${count}`, status: "waiting" });
});
