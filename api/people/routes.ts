import { Hono } from "hono";
import type { Sql } from "../../db/connection.ts";
import type { AppEnv } from "../env.ts";
import { inTransaction, recordAudit } from "../lib/audit.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { listQuerySchema } from "../lib/list_params.ts";
import { parseWith, validate } from "../lib/validate.ts";
import { userDetail } from "./detail_query.ts";
import { instructorData, instructorPayloadSchema } from "./instructor_payload.ts";
import { type ListRole, listUsers, userSortKeys } from "./list_query.ts";
import { readPlannedWeekdays } from "../../db/school_settings.ts";
import {
  studentCreateData,
  studentCreateSchema,
  studentUpdateData,
  studentUpdateSchema,
} from "./student_payload.ts";
import {
  createInstructor,
  createStudent,
  deleteUser,
  updateInstructor,
  updateStudent,
} from "./write_queries.ts";

/** A user id from the path; anything but a positive integer is an unknown user. */
function userId(text: string): number {
  if (!/^\d{1,15}$/.test(text) || Number(text) < 1) throw notFound("Benutzer");
  return Number(text);
}

async function roleOf(sql: Sql, id: number): Promise<string> {
  const [row] = await sql<{ role: string }[]>`select role from users where id = ${id}`;
  if (!row) throw notFound("Benutzer");
  return row.role;
}

const roleWord = (role: string) => role === "instructor" ? "Fahrlehrer" : "Fahrschüler";

/** "Fahrlehrer Max Muster", for the activity log. */
async function personLabel(tx: Sql, id: number): Promise<string> {
  const [row] = await tx<{ role: string; name: string }[]>`
    select role, ${fullNameSql(tx)} as name from users u where id = ${id}
  `;
  return row ? `${roleWord(row.role)} ${row.name}` : `Benutzer ${id}`;
}

/** Instructors and students for the Verwaltung (spec 02 §7); mounted under /api/admin. */
export const peopleRoutes = new Hono<AppEnv>()
  .get("/users/", async (c) => {
    const query = c.req.query();
    const role = (query.role ?? "").trim() || null;
    if (role !== null && role !== "instructor" && role !== "student") {
      throw invalid("Die Rolle muss „instructor“ oder „student“ sein.");
    }
    const schema = listQuerySchema({
      sortKeys: userSortKeys(role as ListRole),
      defaultSort: "username",
    });
    const params = parseWith(schema, query);
    return c.json(await listUsers(c.get("sql"), role as ListRole, params));
  })
  .get("/users/:id/", async (c) => {
    return c.json(await userDetail(c.get("sql"), userId(c.req.param("id"))));
  })
  .put("/users/:id/", async (c) => {
    const sql = c.get("sql");
    const id = userId(c.req.param("id"));
    const role = await roleOf(sql, id);
    const body = await c.req.json().catch(() => {
      throw invalid("Die Anfrage enthält kein gültiges JSON.");
    });
    // The payload's schema follows the stored role; role, is_staff, username and password
    // are not part of either schema and are stripped, so they can never change here.
    if (role !== "instructor" && role !== "student") {
      throw new AppError(
        403,
        "admin_protected",
        "Administratorkonten können hier nicht bearbeitet werden.",
      );
    }
    // Checked before the transaction opens: a bad payload holds no lock.
    let save: (inner: Sql) => Promise<void>;
    if (role === "instructor") {
      const data = instructorData(
        parseWith(instructorPayloadSchema, body),
        "update",
        await readPlannedWeekdays(sql),
      );
      save = (inner) => updateInstructor(inner, id, data);
    } else {
      const data = studentUpdateData(parseWith(studentUpdateSchema, body));
      save = (inner) => updateStudent(inner, id, data);
    }
    await inTransaction(sql, async (tx, inner) => {
      await save(inner);
      const label = await personLabel(tx, id);
      await recordAudit(tx, c.get("user"), "person.update", `${label} bearbeitet`, { user_id: id });
    });
    return c.json(await userDetail(sql, id));
  })
  .delete("/users/:id/delete/", async (c) => {
    const id = userId(c.req.param("id"));
    const role = await inTransaction(c.get("sql"), async (tx, inner) => {
      const label = await personLabel(tx, id);
      const role = await deleteUser(inner, id);
      await recordAudit(tx, c.get("user"), "person.delete", `${label} gelöscht`, { user_id: id });
      return role;
    });
    const message = role === "instructor"
      ? "Fahrlehrer erfolgreich gelöscht"
      : "Fahrschüler erfolgreich gelöscht";
    return c.json({ message });
  })
  .post("/instructors/create-manual/", validate("json", instructorPayloadSchema), async (c) => {
    const data = instructorData(
      c.req.valid("json"),
      "create",
      await readPlannedWeekdays(c.get("sql")),
    );
    const created = await inTransaction(c.get("sql"), async (tx, inner) => {
      const user = await createInstructor(inner, data);
      await recordAudit(tx, c.get("user"), "person.create", `Fahrlehrer ${user.name} angelegt`, {
        user_id: user.id,
      });
      return user;
    });
    return c.json({ ...created, message: "Fahrlehrer erfolgreich erstellt!" }, 201);
  })
  .post("/students/create-manual/", validate("json", studentCreateSchema), async (c) => {
    const data = studentCreateData(c.req.valid("json"));
    const created = await inTransaction(c.get("sql"), async (tx, inner) => {
      const user = await createStudent(inner, data);
      await recordAudit(tx, c.get("user"), "person.create", `Fahrschüler ${user.name} angelegt`, {
        user_id: user.id,
      });
      return user;
    });
    return c.json({ ...created, message: "Schüler erfolgreich erstellt!" }, 201);
  });
