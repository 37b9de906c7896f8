import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { walkTour } from "./support/admin_tour_walk.ts";

/** Issue 12: a new admin walks the whole admin tour at 390 px on a fresh school, on a phone. */
const app = useApp("admin_tutorial_phone");
test.use({ actionTimeout: 20_000 });

test.beforeAll(async () => {
  await app().createUser({ username: "buero", role: "admin", tourSeen: false });
});

test("phone: a new admin walks the whole tour at 390 px", async ({ browser }) => {
  test.setTimeout(420_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "buero");
  // The school's real people, there before the tour (issue 25: its clean-up used to say to
  // delete all students and instructors).
  await app().createUser({ username: "echt.lehrer", role: "instructor", last_name: "Echt" });
  await app().createUser({ username: "echt.schueler", role: "student", last_name: "Echt" });
  const welcome = page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" });
  await expect(welcome).toBeVisible({ timeout: 5_000 });
  await welcome.getByRole("button", { name: "Tutorial starten" }).click();
  await walkTour(page, {
    set: "klein",
    instructors: 5,
    students: 10,
    label: "phone",
    removeTestData: true,
  });
  // Only the package's people went; the real ones and the admins stayed.
  const left = await app().sql`
    select username, role from users where role <> 'admin' order by username
  `;
  expect(left.map((r) => r.username)).toEqual(["echt.lehrer", "echt.schueler"]);
  await context.close();
});
