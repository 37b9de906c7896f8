import { Hono } from "hono";
import type { Context } from "hono";
import type { ImportPreview, ImportResult } from "../../common/contract/imports.ts";
import type { AppEnv } from "../env.ts";
import { AppError } from "../lib/errors.ts";
import type { Role } from "./columns.ts";
import { importPeople, previewPeople } from "./import_people.ts";
import { maxFileBytes, tooLarge } from "./read_file.ts";
import { readUploadOffThread } from "./read_off_thread.ts";
import { checkRows } from "./rows.ts";
import { readPickupPointNames } from "../../db/pickup_points.ts";
import { testDataFileName, testDataZip } from "./test_data.ts";
import { docxType, tutorialDocx, tutorialFileName } from "./tutorial_docx.ts";
import { buildWorkbook, templateFileName, workbookBytes, xlsxType } from "./templates.ts";

function download(c: Context<AppEnv>, bytes: Uint8Array, name: string, type: string) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${name}"`,
    "Cache-Control": "no-store",
  });
}

async function uploadedFile(c: Context<AppEnv>): Promise<File> {
  const form = await c.req.formData().catch(() => {
    throw new AppError(
      400,
      "import_file_missing",
      "Bitte laden Sie eine Datei hoch (Formularfeld „file“).",
    );
  });
  const file = form.get("file");
  if (!(file instanceof File)) {
    throw new AppError(400, "import_file_missing", "Bitte wählen Sie eine Datei aus.");
  }
  return file;
}

function importRoute(role: Role) {
  return async (c: Context<AppEnv>) => {
    const file = await uploadedFile(c);
    // The size is known before the bytes are read: refuse a too-large file without copying it.
    if (file.size > maxFileBytes) throw tooLarge();
    const sheet = await readUploadOffThread(file.name, new Uint8Array(await file.arrayBuffer()));
    const checked = checkRows(role, sheet, {
      pickupPoints: await readPickupPointNames(c.get("sql")),
    });
    if (["1", "true", "ja"].includes(c.req.query("preview") ?? "")) {
      return c.json<ImportPreview>(await previewPeople(c.get("sql"), role, checked));
    }
    return c.json<ImportResult>(
      await importPeople(c.get("sql"), role, checked, c.get("user")),
      201,
    );
  };
}

/** Templates and the two people imports (spec 01 §7); mounted under /api/admin. */
export const importRoutes = new Hono<AppEnv>()
  .get(
    "/download/fahrlehrer-vorlage/",
    async (c) =>
      download(
        c,
        await workbookBytes(buildWorkbook("instructor")),
        templateFileName.instructor,
        xlsxType,
      ),
  )
  .get(
    "/download/schueler-vorlage/",
    async (c) =>
      download(
        c,
        await workbookBytes(
          buildWorkbook("student", undefined, {
            pickupPoints: await readPickupPointNames(c.get("sql")),
          }),
        ),
        templateFileName.student,
        xlsxType,
      ),
  )
  .get(
    "/download/testdaten/",
    async (c) => download(c, await testDataZip(), testDataFileName, "application/zip"),
  )
  .get(
    "/download/tutorial/",
    async (c) => download(c, await tutorialDocx(), tutorialFileName, docxType),
  )
  .post("/import/instructors/", importRoute("instructor"))
  .post("/import/students/", importRoute("student"));
