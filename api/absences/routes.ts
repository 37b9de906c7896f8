import { Hono } from "hono";
import { idParam } from "../lib/id_param.ts";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { sickNoteRequestSchema } from "../../common/contract/affected.ts";
import { germanDate } from "../../common/german_words.ts";
import type { AppEnv } from "../env.ts";
import { recordAudit } from "../lib/audit.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { validate } from "../lib/validate.ts";
import { insertQueuedJob, JobAlreadyActive } from "../planner/queries.ts";
import { affectedAppointments, countAffectedBy } from "./queries.ts";
import { replanAcceptRoutes } from "./replan_accept.ts";

/**
 * Absences the admin manages and the lessons they hit (issue 11), under /api/admin: sick notes
 * for instructors, the list of affected appointments, and the start of their re-planning.
 */
export const absenceRoutes = new Hono<AppEnv>()
  .route("/", replanAcceptRoutes)
  .get("/affected-appointments/", async (c) => {
    return c.json<AnswerOf<"GET /admin/affected-appointments/">>(
      await affectedAppointments(c.get("sql")),
    );
  })
  .get("/instructors/:id/sick-notes/", async (c) => {
    const sql = c.get("sql");
    const id = idParam(c.req.param("id"), "Fahrlehrer");
    const [user] = await sql`select 1 from users where id = ${id} and role = 'instructor'`;
    if (!user) throw notFound("Fahrlehrer");
    const rows = await sql<{ id: number; from: string; to: string; note: string }[]>`
      select id::int, start_date::text as from, end_date::text as to, description as note
        from vacation_periods where user_id = ${id} and kind = 'sick'
       order by start_date desc, id desc
    `;
    return c.json<AnswerOf<"GET /admin/instructors/{id}/sick-notes/">>(rows);
  })
  .post("/instructors/:id/sick-note/", validate("json", sickNoteRequestSchema), async (c) => {
    const id = idParam(c.req.param("id"), "Fahrlehrer");
    const body = c.req.valid("json");
    const answer = await c.get("sql").begin(async (tx) => {
      const [person] = await tx<{ name: string }[]>`
        select ${fullNameSql(tx)} as name from users u where u.id = ${id} and u.role = 'instructor'
      `;
      if (!person) throw notFound("Fahrlehrer");
      const [row] = await tx`
        insert into vacation_periods (user_id, start_date, end_date, description, kind)
        values (${id}, ${body.from}, ${body.to}, ${body.note ?? ""}, 'sick')
        returning id::int
      `;
      const affected = await countAffectedBy(tx, row.id);
      const days = body.from === body.to
        ? `am ${germanDate(body.from)}`
        : `vom ${germanDate(body.from)} bis ${germanDate(body.to)}`;
      await recordAudit(
        tx,
        c.get("user"),
        "absence.sick_note",
        `Krankmeldung für ${person.name} ${days} eingetragen (${affected} ${
          affected === 1 ? "Termin" : "Termine"
        } betroffen)`,
        { instructor_id: id, absence_id: row.id, from: body.from, to: body.to, affected },
      );
      return { id: row.id as number, affected };
    });
    return c.json<AnswerOf<"POST /admin/instructors/{id}/sick-note/">>({
      message: `Krankmeldung gespeichert. ${answer.affected} ${
        answer.affected === 1 ? "Termin ist" : "Termine sind"
      } betroffen.`,
      ...answer,
    }, 201);
  })
  .delete("/sick-notes/:id/", async (c) => {
    const id = idParam(c.req.param("id"), "Krankmeldung");
    await c.get("sql").begin(async (tx) => {
      const [row] = await tx<{ name: string; from: string; to: string; user_id: number }[]>`
        delete from vacation_periods v using users u
         where v.id = ${id} and v.kind = 'sick' and u.id = v.user_id
        returning ${fullNameSql(tx)} as name, v.start_date::text as from,
                  v.end_date::text as to, v.user_id::int
      `;
      if (!row) throw notFound("Krankmeldung");
      await recordAudit(
        tx,
        c.get("user"),
        "absence.sick_note_delete",
        `Krankmeldung für ${row.name} vom ${germanDate(row.from)} bis ${
          germanDate(row.to)
        } gelöscht`,
        { instructor_id: row.user_id, absence_id: id },
      );
    });
    return c.json<AnswerOf<"DELETE /admin/sick-notes/{id}/">>({
      message: "Krankmeldung gelöscht.",
    });
  })
  .post("/replan-affected/", async (c) => {
    const sql = c.get("sql");
    const { count } = (await sql`
      select count(distinct appointment_id)::int as count from affected_appointments
    `)[0];
    if (count === 0) {
      throw new AppError(409, "nothing_affected", "Es gibt keine betroffenen Termine.");
    }
    try {
      const id = await insertQueuedJob(sql, c.get("user"), "replan_affected");
      return c.json({ message: "Neuplanung der betroffenen Termine gestartet.", job_id: id }, 202);
    } catch (err) {
      if (err instanceof JobAlreadyActive) {
        throw new AppError(
          409,
          "planner_busy",
          "Es läuft bereits eine Planung. Bitte warten Sie, bis sie abgeschlossen ist.",
        );
      }
      throw err;
    }
  });
