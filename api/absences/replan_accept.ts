/**
 * "Vorschlag übernehmen" (issue 25, point 3): a finished re-planning is a proposal; the office
 * accepts it here, without the lessons it left out. Those stay as they are and remain affected
 * (the dashboard's banner still lists them). One proposal is accepted once.
 */
import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { replanAcceptSchema } from "../../common/contract/affected.ts";
import type { AppEnv } from "../env.ts";
import { currentUser } from "../auth/middleware.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { idParam } from "../lib/id_param.ts";
import { validate } from "../lib/validate.ts";
import { applyReplan, ReplanOutdated, type ReplanProposal } from "../../db/replan_writes.ts";

const outdated = () =>
  new AppError(
    409,
    "replan_outdated",
    "Die betroffenen Termine wurden inzwischen geändert. Bitte starten Sie die Neuplanung erneut.",
  );

export const replanAcceptRoutes = new Hono<AppEnv>()
  .post(
    "/replan-affected/:id{[0-9]+}/accept/",
    validate("json", replanAcceptSchema),
    async (c) => {
      const user = currentUser(c);
      const jobId = idParam(c.req.param("id"), "Die Neuplanung");
      const exclude = new Set(c.req.valid("json").exclude);
      const who = {
        id: user.id,
        name: `${user.first_name} ${user.last_name}`.trim() || user.username,
      };
      try {
        const outcome = await c.get("sql").begin(async (tx) => {
          const [job] = await tx<{ result: Record<string, unknown> | null }[]>`
            select result from planner_jobs
             where id = ${jobId} and kind = 'replan_affected' and status = 'completed'
               for update
          `;
          const proposal = job?.result?.proposal as ReplanProposal | undefined;
          if (!job || !proposal) throw notFound("Die Neuplanung");
          if (job.result!.accepted) {
            throw new AppError(
              409,
              "replan_accepted",
              "Dieser Vorschlag wurde bereits übernommen.",
            );
          }
          const kept = (id: number) => !exclude.has(id);
          const changes = {
            moves: proposal.changes.moves.filter((m) => kept(m.appointment_id)),
            cancels: proposal.changes.cancels.filter((x) => kept(x.appointment_id)),
          };
          const done = await applyReplan(
            tx,
            who,
            jobId,
            proposal.lessons.filter((l) => kept(l.id)),
            changes,
          );
          await tx`
            update planner_jobs
               set result = result || ${
            tx.json({ accepted: true, replan: done, excluded: [...exclude] } as never)
          }
             where id = ${jobId}
          `;
          return done;
        });
        return c.json<AnswerOf<"POST /admin/replan-affected/{id}/accept/">>(outcome);
      } catch (err) {
        if (err instanceof ReplanOutdated) throw outdated();
        // A slot taken meanwhile (the exclusion constraints): the proposal is no longer true.
        if ((err as { code?: string }).code === "23P01") throw outdated();
        throw err;
      }
    },
  );
