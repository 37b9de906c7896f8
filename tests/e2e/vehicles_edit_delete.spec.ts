import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Issue 14 (8): vehicles can be edited and deleted; one with future lessons only together with
// moving them to another vehicle.
const app = useApp("vehicles_edit_delete");

test("the admin edits a vehicle and deletes one after moving its future lessons", async ({ page }) => {
  const { sql, createUser, baseURL } = app();
  await createUser({ username: "chefin", role: "admin" });
  const instructor = await createUser({ username: "lehrer", role: "instructor" });
  const student = await createUser({ username: "lena", role: "student" });
  const [busy] = await sql`insert into vehicles (name, transmission) values ('DO-FS 1', 'manual')
                           returning id`;
  await sql`insert into vehicles (name, transmission) values ('DO-FS 2', 'manual')`;
  await sql`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at, ends_at)
    values (${student}, ${instructor}, ${busy.id}, 'manual', now() + interval '1 day',
            now() + interval '1 day 1 hour')`;

  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/vehicles`);
  const table = page.getByRole("table", { name: "Fahrzeuge" });
  await expect(table.locator("tbody tr")).toHaveCount(2);

  // Edit: the plate changes, the list shows it, the activity log names it.
  await page.getByRole("button", { name: "Fahrzeug DO-FS 2 bearbeiten" }).click();
  const dialog = page.getByRole("dialog", { name: "Fahrzeug bearbeiten" });
  await expect(dialog.getByLabel("Kennzeichen")).toHaveValue("DO-FS 2");
  await dialog.getByLabel("Kennzeichen").fill("DO-FS 22");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(table.getByText("DO-FS 22")).toBeVisible();
  const [edited] = await sql`select summary from audit_log where action = 'vehicle.update'`;
  expect(edited.summary).toBe("Fahrzeug DO-FS 22 geändert (Kennzeichen DO-FS 2 → DO-FS 22)");

  // Delete without choosing a vehicle for the future lesson: the German 409 at the field.
  await page.getByRole("button", { name: "Fahrzeug DO-FS 1 löschen" }).click();
  const confirm = page.getByRole("dialog", { name: "Fahrzeug löschen" });
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(confirm.getByRole("alert")).toHaveText(
    "Das Fahrzeug „DO-FS 1“ hat noch 1 künftigen Termin. Bitte weisen Sie diese zuerst einem anderen Fahrzeug zu.",
  );
  await expect(table.locator("tbody tr")).toHaveCount(2);

  // With DO-FS 22 taking over the lesson, the vehicle goes and the lesson keeps a vehicle.
  await confirm.getByLabel("Künftige Termine übernimmt").selectOption({
    label: "DO-FS 22 (Schaltgetriebe)",
  });
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr").first()).toContainText("DO-FS 22");
  await expect(table.locator("tbody tr").first()).toContainText("1");
  const [lesson] =
    await sql`select v.name from appointments a join vehicles v on v.id = a.vehicle_id`;
  expect(lesson.name).toBe("DO-FS 22");
  const [deleted] = await sql`select summary from audit_log where action = 'vehicle.delete'`;
  expect(deleted.summary).toBe(
    "Fahrzeug DO-FS 1 gelöscht; 1 künftigen Termin auf DO-FS 22 umgebucht",
  );
});

test("a gearbox change refused for future lessons is said at 'Getriebe', not at the plate", async ({ page }) => {
  const { sql, createUser, baseURL } = app();
  await createUser({ username: "chef2", role: "admin" });
  const instructor = await createUser({ username: "lehrer2", role: "instructor" });
  const student = await createUser({ username: "lena2", role: "student" });
  const [car] = await sql`insert into vehicles (name, transmission) values ('DO-AT 9', 'automatic')
                          returning id`;
  await sql`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at, ends_at)
    values (${student}, ${instructor}, ${car.id}, 'automatic', now() + interval '2 days',
            now() + interval '2 days 1 hour')`;
  await loginAs(page, baseURL, "chef2");
  await page.goto(`${baseURL}/vehicles`);
  await page.getByRole("button", { name: "Fahrzeug DO-AT 9 bearbeiten" }).click();
  const dialog = page.getByRole("dialog", { name: "Fahrzeug bearbeiten" });
  await dialog.getByLabel("Schaltgetriebe").check();
  await dialog.getByRole("button", { name: "Speichern" }).click();
  const message = /Das Getriebe von „DO-AT 9“ kann nicht geändert werden/;
  await expect(dialog.getByRole("group", { name: "Getriebe" }).getByRole("alert"))
    .toHaveText(message);
  await expect(dialog.getByLabel("Kennzeichen")).not.toHaveAttribute("aria-invalid", "true");
  const [stored] = await sql`select transmission from vehicles where id = ${car.id}`;
  expect(stored.transmission).toBe("automatic");
});
