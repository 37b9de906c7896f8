import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { idParam } from "../lib/id_param.ts";
import type { Db, Sql } from "../../db/connection.ts";
import type { Tx } from "../lib/transactions.ts";
import type { AppEnv } from "../env.ts";
import { inTransaction, recordAudit } from "../lib/audit.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { userListQuerySchema } from "../../common/contract/list_queries.ts";
import { parseWith, validate } from "../lib/validate.ts";
import { userDetail } from "./detail_query.ts";
import { countInVacations } from "../absences/queries.ts";
import { personUpdateSchema } from "../../common/contract/people.ts";
import { instructorData, instructorPayloadSchema } from "./instructor_payload.ts";
import { listUsers } from "./list_query.ts";
import { readPlannedWeekdays } from "../../db/school_settings.ts";
import { readPickupPointNames } from "../../db/pickup_points.ts";
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
async function roleOf(sql: Sql, id: number): Promise<string> {
  const [row] = await sql<{ role: string }[]>`select role from users where id = ${id}`;
  if (!row) throw notFound("Benutzer");
  return row.role;
}

const roleWord = (role: string) => role === "instructor" ? "Fahrlehrer" : "Fahrschüler";

/** "Fahrlehrer Max Muster", for the activity log. */
async function personLabel(tx: Db, id: number): Promise<string> {
  const [row] = await tx<{ role: string; name: string }[]>`
    select role, ${fullNameSql(tx)} as name from users u where id = ${id}
  `;
  return row ? `${roleWord(row.role)} ${row.name}` : `Benutzer ${id}`;
}

/** Instructors and students for the Verwaltung (spec 02 §7); mounted under /api/admin. */
export const peopleRoutes = new Hono<AppEnv>()
  .get("/users/", validate("query", userListQuerySchema), async (c) => {
    const { role, ...params } = c.req.valid("query");
    return c.json(await listUsers(c.get("sql"), role, params));
  })
  .get("/users/:id/", async (c) => {
    return c.json(await userDetail(c.get("sql"), idParam(c.req.param("id"), "Benutzer")));
  })
  // The contract's union of both payloads first; the stored role then picks the exact one.
  .put("/users/:id/", validate("json", personUpdateSchema), async (c) => {
    const sql = c.get("sql");
    const id = idParam(c.req.param("id"), "Benutzer");
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
    let save: (tx: Tx) => Promise<void>;
    if (role === "instructor") {
      const payload = parseWith(instructorPayloadSchema, body);
      const data = instructorData(payload, "update", await readPlannedWeekdays(sql));
      save = (tx) => updateInstructor(tx, id, data, { loadedVersion: payload.version });
    } else {
      const payload = parseWith(studentUpdateSchema, body);
      const data = studentUpdateData(payload, {
        plannedWeekdays: await readPlannedWeekdays(sql),
        pickupPoints: await readPickupPointNames(sql),
      });
      save = (tx) => updateStudent(tx, id, data, { loadedVersion: payload.version });
    }
    await inTransaction(sql, async (tx) => {
      await save(tx);
      const label = await personLabel(tx, id);
      await recordAudit(tx, c.get("user"), "person.update", `${label} bearbeitet`, { user_id: id });
    });
    // The lessons inside the person's vacations, so the save can say what it hits (issue 25).
    const vacationAffected = await countInVacations(sql, id);
    return c.json({
      ...await userDetail(sql, id),
      vacation_affected: vacationAffected,
    });
  })
  .delete("/users/:id/delete/", async (c) => {
    const id = idParam(c.req.param("id"), "Benutzer");
    const role = await inTransaction(c.get("sql"), async (tx) => {
      const label = await personLabel(tx, id);
      // Written before the delete, so the delete's trigger (migration 0140) gives this line, like
      // every other, the pseudonym instead of the name.
      await recordAudit(tx, c.get("user"), "person.delete", `${label} gelöscht`, { user_id: id });
      return await deleteUser(tx, id);
    });
    const message = role === "instructor"
      ? "Fahrlehrer erfolgreich gelöscht"
      : "Fahrschüler erfolgreich gelöscht";
    return c.json<AnswerOf<"DELETE /admin/users/{id}/delete/">>({ message });
  })
  .post("/instructors/create-manual/", validate("json", instructorPayloadSchema), async (c) => {
    const data = instructorData(
      c.req.valid("json"),
      "create",
      await readPlannedWeekdays(c.get("sql")),
    );
    const created = await inTransaction(c.get("sql"), async (tx) => {
      const user = await createInstructor(tx, data);
      await recordAudit(tx, c.get("user"), "person.create", `Fahrlehrer ${user.name} angelegt`, {
        user_id: user.id,
      });
      return user;
    });
    return c.json<AnswerOf<"POST /admin/instructors/create-manual/">>(
      { ...created, message: "Fahrlehrer erfolgreich erstellt!" },
      201,
    );
  })
  .post("/students/create-manual/", validate("json", studentCreateSchema), async (c) => {
    const data = studentCreateData(c.req.valid("json"), {
      plannedWeekdays: await readPlannedWeekdays(c.get("sql")),
      pickupPoints: await readPickupPointNames(c.get("sql")),
    });
    const created = await inTransaction(c.get("sql"), async (tx) => {
      const user = await createStudent(tx, data);
      await recordAudit(tx, c.get("user"), "person.create", `Fahrschüler ${user.name} angelegt`, {
        user_id: user.id,
      });
      return user;
    });
    return c.json<AnswerOf<"POST /admin/students/create-manual/">>(
      { ...created, message: "Schüler erfolgreich erstellt!" },
      201,
    );
  });
