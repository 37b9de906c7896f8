import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { footerButton, walkTour } from "./support/admin_tour_walk.ts";

/** The admin tour run a second time on a school whose test data exists already (issue 12). */
const app = useApp("admin_tutorial_again");
test.use({ actionTimeout: 20_000 });

test("the tour run again on a school that has the test data: the import steps let it go on", async ({ browser }) => {
  // Seen walking it a second time: every row of the file existed, 'Importieren' was disabled,
  // and so was Weiter, waiting for an import that could not happen.
  await app().createUser({ username: "nochmal", role: "admin" });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "nochmal");
  // The set 'klein' imported beforehand, as by an earlier run of the tour.
  const zip = unzipSync(
    new Uint8Array(
      await (await page.request.get(`${app().baseURL}/api/admin/download/testdaten/`)).body(),
    ),
  );
  for (
    const [kind, file, title] of [
      ["instructors", "testdaten-klein-fahrlehrer.xlsx", "Fahrlehrer importieren"],
      ["students", "testdaten-klein-fahrschueler.xlsx", "Fahrschüler importieren"],
    ] as const
  ) {
    await page.getByTestId(`import-file-${kind}`).setInputFiles({
      name: file,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(zip[file]),
    });
    const preview = page.getByRole("dialog", { name: title });
    // On its own app the school is fresh: the set is imported here, as an earlier run would have.
    await expect(preview).toContainText("Zeilen in der Datei");
    await footerButton(preview, "Importieren").click();
    const done = page.getByRole("dialog", { name: "Import abgeschlossen" });
    await expect(done).toContainText("importiert.", { timeout: 60_000 });
    await done.getByRole("button", { name: "Zugangsdaten anzeigen" }).click();
    await footerButton(page.getByRole("dialog", { name: "Zugangsdaten" }), "Fertig").click();
    await footerButton(page.getByRole("dialog", { name: "Zugangsdaten schließen?" }), "Schließen")
      .click();
  }
  await page.locator("[data-tutorial='help']").click();
  await page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" })
    .getByRole("button", { name: "Tutorial starten" }).click();
  await walkTour(page, {
    set: "klein",
    instructors: 5,
    students: 10,
    label: "nochmal",
    existing: true,
  });
  await context.close();
});
