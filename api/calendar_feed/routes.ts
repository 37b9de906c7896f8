import { Hono } from "hono";
import type { Context } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import type { AppEnv } from "../env.ts";
import { currentUser } from "../auth/middleware.ts";
import { idParam } from "../lib/id_param.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { feedCalendarStream } from "./feed_ics.ts";
import { feedLessons, feedOwner, feedToken, renewFeedToken } from "./queries.ts";

/** The address a calendar app subscribes to; https behind a TLS proxy (SECURE_COOKIES=1). */
function feedUrl(c: Context<AppEnv>, token: string): string {
  const url = new URL(c.req.url);
  if (c.get("config").secureCookies) url.protocol = "https:";
  return `${url.origin}/api/calendar/${token}.ics`;
}

const noFeed = () => new AppError(404, "not_found", "Diese Kalender-Adresse gibt es nicht (mehr).");

/** The signed-in instructor or student; the office has no lessons of its own to subscribe to. */
function lessonOwner(c: Context<AppEnv>) {
  const user = currentUser(c);
  if (user.role !== "instructor" && user.role !== "student") {
    throw new AppError(
      403,
      "forbidden",
      "Ein Kalender-Abo gibt es nur für Fahrlehrer und Fahrschüler.",
    );
  }
  return user;
}

/** The signed-in person's own subscription address and its renewal (/api/my-*). */
export const myCalendarFeedRoutes = new Hono<AppEnv>()
  .get("/my-calendar-feed/", async (c) => {
    const token = await feedToken(c.get("sql"), lessonOwner(c).id);
    return c.json<AnswerOf<"GET /my-calendar-feed/">>({ url: feedUrl(c, token) });
  })
  .post("/my-calendar-feed/renew/", async (c) => {
    const token = await renewFeedToken(c.get("sql"), lessonOwner(c).id);
    return c.json<AnswerOf<"POST /my-calendar-feed/renew/">>({ url: feedUrl(c, token) });
  });

/** The office shows a person their address (under /api/admin). */
export const adminCalendarFeedRoutes = new Hono<AppEnv>()
  .get("/users/:id/calendar-feed/", async (c) => {
    const sql = c.get("sql");
    const id = idParam(c.req.param("id"), "Benutzer");
    const [person] = await sql`
      select 1 from users where id = ${id} and role in ('instructor', 'student')
    `;
    if (!person) throw notFound("Benutzer");
    return c.json<AnswerOf<"GET /admin/users/{id}/calendar-feed/">>({
      url: feedUrl(c, await feedToken(sql, id)),
    });
  });

/** The feed itself: no session, the token in the address is the key. */
export const calendarFeedRoutes = new Hono<AppEnv>()
  .get("/calendar/:token", async (c) => {
    const sql = c.get("sql");
    const match = /^([0-9a-f]{64})\.ics$/.exec(c.req.param("token"));
    if (!match) throw noFeed();
    const owner = await feedOwner(sql, match[1]);
    if (!owner) throw noFeed();
    const body = feedCalendarStream(await feedLessons(sql, owner), {
      name: `Fahrplan – ${owner.name}`,
    });
    return c.body(body, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="fahrplan.ics"',
    });
  });
