import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { idParam } from "../lib/id_param.ts";
import type { AppEnv } from "../env.ts";
import { AppError, invalid } from "../lib/errors.ts";
import {
  availabilityListQuerySchema,
  specialDatesQuerySchema,
} from "../../common/contract/list_queries.ts";
import { decodeCsv, parseImportCsv } from "./csv_rows.ts";
import { addAbsence, deleteAbsence } from "./absence_writes.ts";
import { adminSpecialDateSchema } from "../../common/contract/self_service.ts";
import { validate } from "../lib/validate.ts";
import {
  availabilitiesOfUser,
  importAvailabilities,
  listAvailabilities,
  specialDatesOfUser,
} from "./queries.ts";

/** The import is for hand-made lists; 2 MB is tens of thousands of lines. */
export const maxImportBytes = 2 * 1024 * 1024;

/** Availabilities list, per-user availabilities and absences, CSV import; under /api/admin. */
export const availabilityRoutes = new Hono<AppEnv>()
  .get("/availabilities/", validate("query", availabilityListQuerySchema), async (c) => {
    const sql = c.get("sql");
    const { user, ...query } = c.req.valid("query");
    if (user !== null) return c.json({ results: await availabilitiesOfUser(sql, user) });
    return c.json(await listAvailabilities(sql, query));
  })
  .get("/special-dates/", validate("query", specialDatesQuerySchema), async (c) => {
    const { user } = c.req.valid("query");
    return c.json({ results: await specialDatesOfUser(c.get("sql"), user) });
  })
  // The admin adds or removes one absence range of a person (whole or part days), as the
  // person's own screen does; each change bumps the person's version and writes an audit line.
  .post(
    "/special-dates/",
    validate("json", adminSpecialDateSchema),
    async (c) => {
      const answer = await addAbsence(c.get("sql"), c.get("user"), c.req.valid("json"));
      return c.json<AnswerOf<"POST /admin/special-dates/">>(answer, 201);
    },
  )
  .delete("/special-dates/:id/", async (c) => {
    const id = idParam(c.req.param("id"), "Die Abwesenheit");
    await deleteAbsence(c.get("sql"), c.get("user"), id);
    return c.json<AnswerOf<"DELETE /admin/special-dates/{id}/">>({
      message: "Abwesenheit gelöscht.",
    });
  })
  .post("/availabilities/import/", async (c) => {
    const form = await c.req.formData().catch(() => {
      throw invalid("Bitte laden Sie eine CSV-Datei hoch (Formularfeld „file“).");
    });
    const file = form.get("file");
    if (!(file instanceof File)) {
      throw invalid("Bitte wählen Sie eine CSV-Datei aus.");
    }
    if (!file.name.toLowerCase().endsWith(".csv")) {
      throw invalid("Es werden nur CSV-Dateien (.csv) akzeptiert.");
    }
    if (file.size > maxImportBytes) {
      throw new AppError(413, "payload_too_large", "Die Datei ist zu groß (höchstens 2 MB).");
    }
    if (file.size === 0) throw invalid("Die Datei ist leer.");
    const lines = parseImportCsv(decodeCsv(new Uint8Array(await file.arrayBuffer())));
    const created = await importAvailabilities(c.get("sql"), lines, c.get("user"));
    return c.json<AnswerOf<"POST /admin/availabilities/import/">>({
      created,
      message: `${created} Verfügbarkeiten importiert.`,
    });
  });
