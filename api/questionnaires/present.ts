import type {
  AdminQuestionnaire,
  QuestionnaireStatus,
} from "../../common/contract/questionnaires.ts";
import type { Config } from "../config.ts";
import { publicOrigin } from "../lib/public_origin.ts";
import type { QuestionnaireRow } from "./queries.ts";

export type PublicStatus = QuestionnaireStatus;

export const statusDisplay: Record<PublicStatus, string> = {
  pending: "Offen",
  expired: "Abgelaufen",
  submitted: "Eingereicht",
  approved: "Genehmigt",
};

export function statusOf(row: QuestionnaireRow): PublicStatus {
  return row.expired ? "expired" : row.status;
}

/** The public link of one questionnaire. */
export function questionnaireUrl(requestUrl: string, config: Config, token: string): string {
  return `${publicOrigin(requestUrl, config)}/fragebogen/${token}`;
}

/** A questionnaire as the admin screens read it; `answers` only in the details. */
export function adminView(
  row: QuestionnaireRow,
  url: string,
  options: { answers: boolean },
): AdminQuestionnaire {
  const status = statusOf(row);
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.answers?.phone ?? "",
    status,
    status_display: statusDisplay[status],
    questionnaire_url: url,
    created_at: row.created_at,
    expires_at: row.expires_at,
    submitted_at: row.submitted_at,
    approved_at: row.approved_at,
    student_id: row.student_id,
    ...(options.answers ? { answers: row.answers } : {}),
  };
}
