import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { idParam } from "../lib/id_param.ts";
import { z } from "zod";
import type { AppEnv } from "../env.ts";
import { AppError, invalid } from "../lib/errors.ts";
import { listQuerySchema } from "../lib/list_params.ts";
import { parseWith } from "../lib/validate.ts";
import { decodeCsv, parseImportCsv } from "./csv_rows.ts";
import { addAbsence, deleteAbsence } from "./absence_writes.ts";
import { adminSpecialDateSchema } from "../../common/contract/self_service.ts";
import { validate } from "../lib/validate.ts";
import {
  availabilitiesOfUser,
  availabilitySortKeys,
  importAvailabilities,
  listAvailabilities,
  specialDatesOfUser,
} from "./queries.ts";

/** The list's filters: role, one person, one weekday; empty means all. */
const listSchema = listQuerySchema({ sortKeys: availabilitySortKeys, defaultSort: "full_name" });
const filterSchema = z.object({
  role: z.enum(["", "instructor", "student"], {
    error: "Die Rolle muss „instructor“ oder „student“ sein.",
  }).optional().transform((value) => value || null),
  person: z.string().trim()
    .regex(/^(|[1-9]\d{0,14})$/, "Ungültige Personen-ID.")
    .optional().transform((value) => (value ? Number(value) : null)),
  day_of_week: z.string().trim()
    .regex(/^[1-7]?$/, "Der Wochentag muss zwischen 1 (Montag) und 7 (Sonntag) liegen.")
    .optional().transform((value) => (value ? Number(value) : null)),
});

/** The import is for hand-made lists; 2 MB is tens of thousands of lines. */
export const maxImportBytes = 2 * 1024 * 1024;

function userParam(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return null;
  if (!/^\d{1,15}$/.test(value.trim())) throw invalid("Ungültige Benutzer-ID.");
  return Number(value);
}

/** Availabilities list, per-user availabilities and absences, CSV import; under /api/admin. */
export const availabilityRoutes = new Hono<AppEnv>()
  .get("/availabilities/", async (c) => {
    const sql = c.get("sql");
    const query = c.req.query();
    const user = userParam(query.user);
    if (user !== null) return c.json({ results: await availabilitiesOfUser(sql, user) });
    const params = parseWith(listSchema, query);
    const filters = parseWith(filterSchema, query);
    return c.json(await listAvailabilities(sql, { ...params, ...filters }));
  })
  .get("/special-dates/", async (c) => {
    const user = userParam(c.req.query("user"));
    if (user === null) throw invalid("Bitte geben Sie einen Benutzer an (?user=).");
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
