/**
 * Every call of the questionnaire, public and admin, in one place: the shapes the screens assume
 * are here and nowhere else (spec 01 §7, spec 02 §7).
 */
import { api } from "../../lib/api.ts";
import type { QuestionnairePayload } from "./questionnaire_form.ts";

/** GET /api/fragebogen/{token}/: the link's status and the name the school entered. */
export interface PublicQuestionnaire {
  status: string;
  status_display?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
}

/** Status values meaning "already handed in" (spec 02 §3). */
export const handedIn = ["submitted", "approved"];

const publicPath = (token: string) => `/fragebogen/${encodeURIComponent(token)}/`;

/** Loads a questionnaire by its link token, without sign-in. */
export function loadPublicQuestionnaire(token: string): Promise<PublicQuestionnaire> {
  return api.get<PublicQuestionnaire>(publicPath(token));
}

/** POST /api/fragebogen/{token}/ with the payload of spec 02 §3; the answer is not read. */
export function submitQuestionnaire(
  token: string,
  payload: QuestionnairePayload,
): Promise<unknown> {
  return api.post(publicPath(token), payload);
}

/**
 * A questionnaire as GET /api/admin/questionnaires/ lists it (spec 01 §3), with the answers the
 * student gave. The answers are read from `answers` when the server nests them, else from the
 * entry itself (flat fields of the spec 02 payload).
 */
export interface AdminQuestionnaire {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone?: string;
  status: string;
  status_display: string;
  questionnaire_url: string;
  created_at?: string;
  submitted_at?: string | null;
  expires_at?: string | null;
  answers?: Partial<QuestionnairePayload> | null;
}

/** The submitted answers of an entry, nested or flat; null before the student submitted. */
export function answersOf(entry: AdminQuestionnaire): Partial<QuestionnairePayload> | null {
  if (entry.answers) return entry.answers;
  const flat = entry as unknown as Partial<QuestionnairePayload>;
  return flat.school_schedule_data || flat.school_name ? flat : null;
}

/** The person a link is made for (spec 01 §7: name and e-mail). */
export interface NewQuestionnaire {
  first_name: string;
  last_name: string;
  email: string;
}

/** POST /api/admin/questionnaires/create/ answers {questionnaire: {id, …, questionnaire_url}}. */
export async function createQuestionnaire(person: NewQuestionnaire): Promise<AdminQuestionnaire> {
  const answer = await api.post<{ questionnaire: AdminQuestionnaire }>(
    "/admin/questionnaires/create/",
    person,
  );
  return answer.questionnaire;
}

/** GET /api/admin/questionnaires/: a list, or {results: list} (the spec reads "results"). */
export async function listQuestionnaires(): Promise<AdminQuestionnaire[]> {
  const answer = await api.get<AdminQuestionnaire[] | { results: AdminQuestionnaire[] }>(
    "/admin/questionnaires/",
  );
  return Array.isArray(answer) ? answer : answer?.results ?? [];
}

/** The answer of an approval: the new student's sign-in, shown once. */
export interface Approval {
  message: string;
  username: string;
  password: string;
}

/** POST /api/admin/questionnaires/{id}/approve/ creates the student. */
export function approveQuestionnaire(id: number): Promise<Approval> {
  return api.post<Approval>(`/admin/questionnaires/${id}/approve/`);
}

/**
 * PUT /api/admin/questionnaires/{id}/ with the spec 02 payload: the admin corrects answers before
 * approving (spec 01 §4). Not in the spec's call table; the path is this client's assumption.
 */
export async function updateQuestionnaireAnswers(
  id: number,
  payload: QuestionnairePayload,
): Promise<AdminQuestionnaire | null> {
  const answer = await api.put<{ questionnaire?: AdminQuestionnaire }>(
    `/admin/questionnaires/${id}/`,
    payload,
  );
  return answer?.questionnaire ?? null;
}

/** The link as an absolute address, whether the server sends a path or a full URL. */
export function absoluteLink(url: string): string {
  try {
    return new URL(url, globalThis.location?.origin ?? "http://localhost").href;
  } catch {
    return url;
  }
}
