import { type Context, Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "../../common/contract/push.ts";
import type { AppEnv } from "../env.ts";
import { currentUser } from "../auth/middleware.ts";
import { AppError, invalid } from "../lib/errors.ts";
import { validate } from "../lib/validate.ts";
import { vapidKeys } from "../../db/push_keys.ts";
import { pushDevices } from "../notifications/queries.ts";
import { endpointProblem } from "./endpoint_rule.ts";

/**
 * The signed-in person, who must be a student or an instructor. Checked after the body's schema,
 * as on every route: a malformed body is a 400 for everybody.
 */
function studentOrInstructor(c: Context<AppEnv>) {
  const user = currentUser(c);
  if (user.role !== "student" && user.role !== "instructor") {
    throw new AppError(
      403,
      "forbidden",
      "Push-Benachrichtigungen gibt es für Fahrschüler und Fahrlehrer.",
    );
  }
  return user;
}

/**
 * Under /api (signed in, /my-* needs a user): the school's public VAPID key and the person's own
 * devices for Web Push. Only students and instructors: the messages are about their lessons, the
 * office gets none.
 */
export const myPushRoutes = new Hono<AppEnv>()
  .get("/my-push-subscriptions/key/", async (c) => {
    studentOrInstructor(c);
    const keys = await vapidKeys(c.get("sql"));
    return c.json<AnswerOf<"GET /my-push-subscriptions/key/">>({ public_key: keys.publicKey });
  })
  .post("/my-push-subscriptions/", validate("json", pushSubscriptionSchema), async (c) => {
    const sql = c.get("sql");
    const user = studentOrInstructor(c);
    const { endpoint, keys } = c.req.valid("json");
    const problem = endpointProblem(endpoint, c.get("config").pushAllowsLoopback);
    if (problem) throw invalid(problem);
    // An endpoint is one device's: signed in as someone else there, it becomes theirs as a new
    // device (the previous person's waiting messages lose it and are not shown to the new one),
    // and renewed keys replace the old ones.
    await sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id <> ${user.id}`;
    await sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
      values (${user.id}, ${endpoint}, ${keys.p256dh}, ${keys.auth},
              ${(c.req.header("User-Agent") ?? "").slice(0, 300)})
      on conflict (endpoint) do update
        set p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent
    `;
    return c.json<AnswerOf<"POST /my-push-subscriptions/">>({
      message: "Benachrichtigungen auf diesem Gerät sind eingeschaltet.",
      devices: await pushDevices(sql, user.id),
    });
  })
  .post("/my-push-subscriptions/remove/", validate("json", pushUnsubscribeSchema), async (c) => {
    const sql = c.get("sql");
    const user = studentOrInstructor(c);
    const { endpoint } = c.req.valid("json");
    // Only the person's own device: another person's endpoint is left as it is.
    await sql`
      delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${user.id}
    `;
    return c.json<AnswerOf<"POST /my-push-subscriptions/remove/">>({
      message: "Benachrichtigungen auf diesem Gerät sind ausgeschaltet.",
      devices: await pushDevices(sql, user.id),
    });
  });
