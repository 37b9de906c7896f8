import { Hono } from "hono";
import type { Sql } from "../../db/connection.ts";
import type { AppEnv } from "../env.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { listQuerySchema } from "../lib/list_params.ts";
import { parseWith, validate } from "../lib/validate.ts";
import { userDetail } from "./detail_query.ts";
import { instructorData, instructorPayloadSchema } from "./instructor_payload.ts";
import { type ListRole, listUsers, userSortKeys } from "./list_query.ts";
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
    if (role === "instructor") {
      const input = parseWith(instructorPayloadSchema, body);
      await updateInstructor(sql, id, instructorData(input, "update"));
    } else if (role === "student") {
      const input = parseWith(studentUpdateSchema, body);
      await updateStudent(sql, id, studentUpdateData(input));
    } else {
      throw new AppError(
        403,
        "admin_protected",
        "Administratorkonten können hier nicht bearbeitet werden.",
      );
    }
    return c.json(await userDetail(sql, id));
  })
  .delete("/users/:id/delete/", async (c) => {
    const role = await deleteUser(c.get("sql"), userId(c.req.param("id")));
    const message = role === "instructor"
      ? "Fahrlehrer erfolgreich gelöscht"
      : "Fahrschüler erfolgreich gelöscht";
    return c.json({ message });
  })
  .post("/instructors/create-manual/", validate("json", instructorPayloadSchema), async (c) => {
    const data = instructorData(c.req.valid("json"), "create");
    const created = await createInstructor(c.get("sql"), data);
    return c.json({ ...created, message: "Fahrlehrer erfolgreich erstellt!" }, 201);
  })
  .post("/students/create-manual/", validate("json", studentCreateSchema), async (c) => {
    const data = studentCreateData(c.req.valid("json"));
    const created = await createStudent(c.get("sql"), data);
    return c.json({ ...created, message: "Schüler erfolgreich erstellt!" }, 201);
  });
