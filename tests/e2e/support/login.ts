import { expect, type Page } from "@playwright/test";

/** Signs in through the login screen and waits for the landing page. */
export async function loginAs(
  page: Page,
  baseURL: string,
  username: string,
  password = "geheim-passwort-1",
) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel("E-Mail-Adresse").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}
