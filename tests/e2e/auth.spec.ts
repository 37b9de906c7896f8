import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { waitPastTourStart } from "./support/tour_start.ts";

const app = useApp("auth");

test.beforeAll(async () => {
  await app().createUser({
    username: "chefin@fahrschule.de",
    role: "admin",
    first_name: "Jana",
    last_name: "Krüger",
  });
  await app().createUser({ username: "lena.schmidt", role: "student" });
});

/** Fails on any axe violation of WCAG 2.0-2.2 A/AA, listing rule, nodes and colours. */
async function expectNoAxeViolations(page: Page, only: string[] = []) {
  expect(await axeViolations(page, only)).toEqual([]);
}

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((t) => localStorage.setItem("color-theme", t), theme);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

test("the login screen has the spec's texts, no-index meta and footer links", async ({ page }) => {
  const { baseURL } = app();
  await page.goto(`${baseURL}/login`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Willkommen bei Fahrplan");
  await expect(page.getByText("Melden Sie sich an, um Ihre Planung zu optimieren.")).toBeVisible();
  await expect(page).toHaveTitle("Anmelden");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  const username = page.getByLabel("E-Mail-Adresse");
  await expect(username).toHaveAttribute("type", "text");
  await expect(username).toHaveAttribute("autocomplete", "username");
  await expect(page.getByRole("link", { name: "Impressum" })).toHaveAttribute("href", "/impressum");
  await expect(page.getByRole("link", { name: "Datenschutz" })).toHaveAttribute(
    "href",
    "/datenschutz",
  );

  // Show/hide toggle of the password.
  const password = page.getByLabel("Passwort", { exact: true });
  await password.fill("geheim");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Passwort anzeigen" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Passwort verbergen" }).click();
  await expect(password).toHaveAttribute("type", "password");

  // 'Passwort vergessen?' without SMTP_URL (as here) explains that the driving school resets
  // passwords: no address to enter, no link to send, no error.
  await page.getByRole("button", { name: "Passwort vergessen?" }).click();
  const dialog = page.getByRole("dialog", { name: "Passwort vergessen?" });
  await expect(dialog).toContainText(
    "Bitte wenden Sie sich an das Fahrschulbüro: Dort wird Ihr Passwort zurückgesetzt",
  );
  await expect(dialog.getByLabel("E-Mail-Adresse")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Link senden" })).toHaveCount(0);
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The robots meta is only for the login screen.
  await page.getByRole("link", { name: "Impressum" }).click();
  await expect(page).toHaveURL(/\/impressum$/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test("a signed-out visitor on /login asks the server for nothing personal", async ({ page }) => {
  const refused: string[] = [];
  page.on("response", (res) => {
    if (res.status() === 401 && !res.url().endsWith("/api/auth/current-user/")) {
      refused.push(res.url());
    }
  });
  await page.goto(`${app().baseURL}/login`);
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  // The tours start about a second after a screen loads: wait past that.
  await waitPastTourStart(page);
  expect(refused).toEqual([]);
});

test("a wrong password shows the server's message in the alert region", async ({ page }) => {
  const { baseURL } = app();
  await page.goto(`${baseURL}/login`);
  await page.getByLabel("E-Mail-Adresse").fill("chefin@fahrschule.de");
  await page.getByLabel("Passwort", { exact: true }).fill("falsches-passwort");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.",
  );
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeEnabled();
});

test("an admin lands on /admin-panel, sees the staff navigation and can log out", async ({ page }) => {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin@fahrschule.de");
  await expect(page).toHaveURL(/\/admin-panel$/);

  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  for (const name of ["Termine", "Kalender", "Verfügbarkeit"]) {
    await expect(nav.getByRole("link", { name })).toBeVisible();
  }
  await nav.getByRole("button", { name: "Verwaltung" }).click();
  await expect(nav.getByRole("link", { name: "Fahrlehrer" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Fahrschüler" })).toBeVisible();
  await nav.getByRole("link", { name: "Fahrschüler" }).click();
  await expect(page).toHaveURL(/\/students$/);
  await expect(nav.getByRole("link", { name: "Fahrschüler" })).toBeHidden();

  const avatar = page.getByRole("img", { name: "chefin@fahrschule.de" });
  await expect(avatar).toHaveText("JK");
  await expect(avatar).toHaveAttribute("title", "chefin@fahrschule.de");
  await expect(page.getByRole("link", { name: "Fahrplan KI-Fahrstundenplanung – Startseite" }))
    .toHaveAttribute(
      "href",
      "/admin-panel",
    );

  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is gone on the server too: the panel is out of reach after a reload.
  await page.goto(`${baseURL}/admin-panel`);
  await expect(page).toHaveURL(/\/login$/);
  const status = await page.evaluate(async () => (await fetch("/api/auth/current-user/")).status);
  expect(status).toBe(401);
});

test("a student lands on /verfuegbarkeit and never sees the admin panel", async ({ page }) => {
  const { baseURL } = app();
  const adminAnswers: number[] = [];
  page.on("response", (res) => {
    if (new URL(res.url()).pathname.startsWith("/api/admin/")) adminAnswers.push(res.status());
  });
  await loginAs(page, baseURL, "lena.schmidt");
  await expect(page).toHaveURL(/\/verfuegbarkeit$/);
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav.getByRole("link", { name: "Verfügbarkeit" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.getByRole("link", { name: "Kalender" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Termine" })).toHaveCount(0);
  await expect(nav.getByRole("button", { name: "Verwaltung" })).toHaveCount(0);
  await expect(page.getByRole("img", { name: "lena.schmidt" })).toHaveText("LE");
  await expect(page.getByRole("link", { name: "Fahrplan KI-Fahrstundenplanung – Startseite" }))
    .toHaveAttribute(
      "href",
      "/",
    );

  // Staff-only routes send a signed-in student to her own start page with a short note: the
  // spec's "redirect to /login" would bounce there anyway, since /login sends signed-in users home.
  for (const path of ["/admin-panel", "/appointments", "/instructors", "/constraints-settings"]) {
    await page.goto(`${baseURL}${path}`);
    await expect(page).toHaveURL(/\/verfuegbarkeit$/);
    await expect(page.getByText("Dieser Bereich ist der Fahrschulverwaltung vorbehalten."))
      .toBeVisible();
  }
  // The admin screens never loaded any admin data, and the server refuses it outright.
  expect(adminAnswers.filter((s) => s < 400)).toEqual([]);
  const direct = await page.evaluate(async () => (await fetch("/api/admin/stats/")).status);
  expect(direct).toBe(403);

  // /login while signed in goes home as well.
  await page.goto(`${baseURL}/login`);
  await expect(page).toHaveURL(/\/verfuegbarkeit$/);
});

test("a visitor is sent to /login from every signed-in route", async ({ page }) => {
  const { baseURL } = app();
  for (const path of ["/", "/kalender", "/verfuegbarkeit", "/admin-panel", "/vehicles"]) {
    await page.goto(`${baseURL}${path}`);
    await expect(page).toHaveURL(/\/login$/);
  }
  // Legal pages are public, with the common navigation and an 'Anmelden' link.
  await page.goto(`${baseURL}/impressum`);
  await expect(page).toHaveTitle("Impressum");
  await expect(page.getByText("Stand: Oktober 2025")).toBeVisible();
  await expect(page.getByText("Eintragung beantragt").first()).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Anmelden" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`${baseURL}/datenschutz`);
  await expect(page).toHaveTitle("Datenschutzerklärung");
  await expect(page.getByRole("heading", { name: "12. Ihre Rechte" })).toBeVisible();
  await expect(page.getByText("Art. 77 DSGVO")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await setTheme(page, "dark");
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() =>
    document.documentElement.scrollWidth - document.documentElement.clientWidth
  );
  expect(overflow).toBe(0);
});

test("the theme choice survives a reload and follows the toggle", async ({ page }) => {
  const { baseURL } = app();
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`${baseURL}/login`);
  await page.evaluate(() => localStorage.removeItem("color-theme"));
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);

  await page.getByRole("button", { name: "Dunkles Design aktivieren" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("color-theme"))).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("button", { name: "Helles Design aktivieren" })).toBeVisible();

  await page.getByRole("button", { name: "Helles Design aktivieren" }).click();
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);

  // Without a stored choice the system preference decides.
  await page.evaluate(() => localStorage.removeItem("color-theme"));
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
});

for (const theme of ["light", "dark"] as const) {
  test(`the login screen passes axe (WCAG 2 A/AA) in ${theme}`, async ({ page }) => {
    const { baseURL } = app();
    await page.goto(`${baseURL}/login`);
    await setTheme(page, theme);
    await expectNoAxeViolations(page);
    // The error state too: the red alert must keep its contrast.
    await page.getByLabel("E-Mail-Adresse").fill("niemand");
    await page.getByLabel("Passwort", { exact: true }).fill("falsch");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("alert")).not.toBeEmpty();
    await expectNoAxeViolations(page);
  });
}

for (const theme of ["light", "dark"] as const) {
  test(`login at 375 px has no horizontal scrolling (${theme})`, async ({ page }) => {
    const { baseURL } = app();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${baseURL}/login`);
    await setTheme(page, theme);
    const overflow = await page.evaluate(() =>
      document.documentElement.scrollWidth - document.documentElement.clientWidth
    );
    expect(overflow).toBe(0);
    const card = await page.locator(".auth-card").boundingBox();
    expect(card!.x).toBeGreaterThanOrEqual(0);
    expect(card!.x + card!.width).toBeLessThanOrEqual(375);
  });
}

test("the mobile menu opens, closes and closes on navigation", async ({ page }) => {
  const { baseURL } = app();
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAs(page, baseURL, "chefin@fahrschule.de");
  const toggle = page.getByRole("button", { name: "Menü öffnen" });
  const termine = page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", {
    name: "Termine",
  });
  await expect(termine).toBeHidden();
  await toggle.click();
  await expect(termine).toBeVisible();
  await page.getByRole("button", { name: "Menü schließen" }).click();
  await expect(termine).toBeHidden();
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  await termine.click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(termine).toBeHidden();
  await expect(page.getByRole("button", { name: "Menü öffnen" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  const overflow = await page.evaluate(() =>
    document.documentElement.scrollWidth - document.documentElement.clientWidth
  );
  expect(overflow).toBe(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`navigation and footer pass axe on /verfuegbarkeit and /kalender (${theme})`, async ({ page }) => {
    const { baseURL } = app();
    await loginAs(page, baseURL, "lena.schmidt");
    await setTheme(page, theme);
    for (const path of ["/verfuegbarkeit", "/kalender"]) {
      await page.goto(`${baseURL}${path}`);
      await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
      // The screens' own content belongs to their features; the shell checks its frame.
      await expectNoAxeViolations(page, [".top-nav", ".app-footer"]);
    }
  });
}

test("the staff bar fits without horizontal scrolling from 640 px up", async ({ page }) => {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin@fahrschule.de");
  for (const width of [640, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
    await expect(nav.getByRole("link", { name: "Verfügbarkeit" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Verwaltung" })).toBeVisible();
    const overflow = await page.evaluate(() =>
      document.documentElement.scrollWidth - document.documentElement.clientWidth
    );
    expect(overflow, `overflow at ${width} px`).toBe(0);
    // The controls sit side by side inside the viewport, none on top of another.
    const boxes = await Promise.all([
      page.getByRole("link", { name: "Fahrplan KI-Fahrstundenplanung – Startseite" }).boundingBox(),
      nav.getByRole("link", { name: "Dashboard" }).boundingBox(),
      nav.getByRole("button", { name: "Verwaltung" }).boundingBox(),
      page.getByRole("button", { name: "Dunkles Design aktivieren" }).boundingBox(),
      page.getByRole("img", { name: "chefin@fahrschule.de" }).boundingBox(),
      page.getByRole("button", { name: "Abmelden" }).boundingBox(),
    ]);
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i]!.x, `item ${i} at ${width} px`).toBeGreaterThanOrEqual(
        boxes[i - 1]!.x + boxes[i - 1]!.width,
      );
    }
    expect(boxes[5]!.x + boxes[5]!.width).toBeLessThanOrEqual(width);
  }
});
