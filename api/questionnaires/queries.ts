import { generateCredential } from "../../common/passwords.ts";
import { readPickupPointNames } from "../../db/pickup_points.ts";
import type { Db, Sql } from "../../db/connection.ts";
import { type AuditActor, recordAudit } from "../lib/audit.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { createStudent } from "../people/write_queries.ts";
import { type Answers, studentData } from "./answers.ts";

/** How long a link can be filled in (issue 10). */
export const validDays = 30;

export interface QuestionnaireRow {
  id: number;
  token: string;
  first_name: string;
  last_name: string;
  email: string;
  status: "pending" | "submitted" | "approved";
  answers: Answers | null;
  created_at: string;
  expires_at: string;
  submitted_at: string | null;
  approved_at: string | null;
  student_id: number | null;
  expired: boolean;
}

const columns = (sql: Db) =>
  sql`id::int, token, first_name, last_name, email, status, answers,
      created_at, expires_at, submitted_at, approved_at, student_id::int,
      (status = 'pending' and expires_at < now()) as expired`;

/** 32 random bytes as base64url: 256 bits, far beyond guessing. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function createQuestionnaire(
  sql: Db,
  person: { first_name: string; last_name: string; email: string },
): Promise<QuestionnaireRow> {
  const [row] = await sql<QuestionnaireRow[]>`
    insert into questionnaires (token, first_name, last_name, email, expires_at)
    values (${newToken()}, ${person.first_name}, ${person.last_name}, ${person.email},
            now() + make_interval(days => ${validDays}))
    returning ${columns(sql)}
  `;
  return row;
}

export function listQuestionnaires(sql: Sql): Promise<QuestionnaireRow[]> {
  return sql<QuestionnaireRow[]>`
    select ${columns(sql)} from questionnaires order by created_at desc, id desc limit 1000
  `;
}

export async function questionnaireById(sql: Db, id: number): Promise<QuestionnaireRow> {
  const [row] = await sql<QuestionnaireRow[]>`
    select ${columns(sql)} from questionnaires where id = ${id}
  `;
  if (!row) throw notFound("Fragebogen");
  return row;
}

export async function questionnaireByToken(
  sql: Sql,
  token: string,
): Promise<QuestionnaireRow | null> {
  const [row] = await sql<QuestionnaireRow[]>`
    select ${columns(sql)} from questionnaires where token = ${token}
  `;
  return row ?? null;
}

const alreadySubmitted = () =>
  new AppError(409, "already_submitted", "Dieser Fragebogen wurde bereits abgesendet.");

/** Stores the answers once; a second submit (also a parallel one) is refused. */
export async function submitAnswers(sql: Sql, id: number, answers: Answers) {
  const rows = await sql`
    update questionnaires set status = 'submitted', answers = ${sql.json(answers as never)},
      submitted_at = now()
    where id = ${id} and status = 'pending' and expires_at >= now()
    returning id
  `;
  if (!rows.length) throw alreadySubmitted();
}

/** The admin's edit before approval. */
export async function updateAnswers(sql: Db, id: number, answers: Answers) {
  const rows = await sql`
    update questionnaires set answers = ${sql.json(answers as never)},
      first_name = ${answers.first_name}, last_name = ${answers.last_name}, email = ${answers.email}
    where id = ${id} and status = 'submitted'
    returning id
  `;
  if (!rows.length) {
    await questionnaireById(sql, id); // 404 when unknown
    throw new AppError(
      409,
      "not_editable",
      "Nur ausgefüllte, noch nicht genehmigte Fragebögen können bearbeitet werden.",
    );
  }
}

/**
 * Approves a submitted questionnaire: creates the student with everything the form said through
 * the people module's create, in the same transaction that marks the questionnaire approved.
 */
export async function approve(sql: Sql, id: number, actor: AuditActor | null) {
  // Hashed before the row lock is taken (docs/decisions/0006).
  const credential = await generateCredential();
  return await sql.begin(async (tx) => {
    const [row] = await tx<{ status: string; answers: Answers | null }[]>`
      select status, answers from questionnaires where id = ${id} for update
    `;
    if (!row) throw notFound("Fragebogen");
    if (row.status === "approved") {
      throw new AppError(409, "already_approved", "Dieser Fragebogen wurde bereits genehmigt.");
    }
    if (row.status !== "submitted" || !row.answers) {
      throw new AppError(
        409,
        "not_submitted",
        "Dieser Fragebogen wurde noch nicht ausgefüllt und kann nicht genehmigt werden.",
      );
    }
    const [taken] = await tx`
      select 1 from users where email <> '' and lower(email) = lower(${row.answers.email})
    `;
    if (taken) {
      throw new AppError(
        409,
        "email_taken",
        `Für die E-Mail-Adresse „${row.answers.email}“ gibt es schon ein Konto. Bitte ändern Sie ` +
          "die E-Mail-Adresse im Fragebogen oder bearbeiten Sie das bestehende Konto.",
      );
    }
    // The form's vacations become the student's own absences (issue 25, point 13): as
    // vacation_periods only the office's view showed them, and the student's page said
    // "Keine Abwesenheiten eingetragen". The planner and the conflict check read both alike.
    const data = studentData(row.answers, { pickupPoints: await readPickupPointNames(tx) });
    const created = await createStudent(tx, { ...data, vacations: [] }, credential);
    if (data.vacations?.length) {
      const values = data.vacations.map((v) => ({
        user_id: created.id,
        date: v.start,
        end_date: v.end,
        is_unavailable: true,
        description: "Urlaub (aus dem Fragebogen)",
      }));
      await tx`insert into special_dates ${tx(values)}`;
      await tx`update users set special_dates_version = special_dates_version + 1
                where id = ${created.id}`;
    }
    await tx`
      update questionnaires set status = 'approved', approved_at = now(), student_id = ${created.id}
      where id = ${id}
    `;
    await recordAudit(
      tx,
      actor,
      "questionnaire.approve",
      `Fragebogen von ${created.name} genehmigt: als Fahrschüler angelegt`,
      { questionnaire_id: id, user_id: created.id },
    );
    return created;
  });
}
