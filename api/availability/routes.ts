import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { AppError, invalid } from "../lib/errors.ts";
import { listQuerySchema } from "../lib/list_params.ts";
import { parseWith } from "../lib/validate.ts";
import { decodeCsv, parseImportCsv } from "./csv_rows.ts";
import {
  availabilitiesOfUser,
  availabilitySortKeys,
  importAvailabilities,
  listAvailabilities,
  specialDatesOfUser,
} from "./queries.ts";

const listSchema = listQuerySchema({ sortKeys: availabilitySortKeys, defaultSort: "full_name" });

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
    return c.json(await listAvailabilities(sql, params));
  })
  .get("/special-dates/", async (c) => {
    const user = userParam(c.req.query("user"));
    if (user === null) throw invalid("Bitte geben Sie einen Benutzer an (?user=).");
    return c.json({ results: await specialDatesOfUser(c.get("sql"), user) });
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
    const created = await importAvailabilities(c.get("sql"), lines);
    return c.json({ created, message: `${created} Verfügbarkeiten importiert.` });
  });
