/**
 * GET /api/admin/planner-events/ (admins only, through the /api/admin guard): the planner's state
 * as server-sent events. Each change of the visible job is one `event: progress` with the same
 * JSON as GET /admin/planner-progress/, so the card treats both alike. A comment every 15 s keeps
 * proxies from closing a quiet stream and finds clients that vanished; the session is checked
 * again then too, so a stream does not outlive a sign-out or a deactivated account.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { userForSession } from "../auth/queries.ts";
import { plannerEventHub } from "./events.ts";

export const KEEPALIVE_MS = 15_000;

export function plannerEventStream(c: Context<AppEnv>): Response {
  const sql = c.get("sql");
  const tokenHash = c.get("sessionTokenHash");
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      let unsubscribe = () => {};
      const keepalive = setInterval(async () => {
        write(": still here\n\n");
        if (!tokenHash) return end();
        const session = await userForSession(sql, tokenHash).catch(() => "unknown" as const);
        // A passing database error is no sign-out: the next check decides.
        if (session === "unknown") return;
        if (!session || session.user.role !== "admin") end();
      }, KEEPALIVE_MS);
      const end = () => {
        if (!open) return;
        open = false;
        clearInterval(keepalive);
        unsubscribe();
        try {
          controller.close();
        } catch { /* already closed by the client */ }
      };
      cleanup = end;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          end();
        }
      };
      // The browser waits this long before it reconnects after a dropped stream.
      write("retry: 1000\n\n");
      try {
        unsubscribe = await plannerEventHub(sql).subscribe(
          (progress) => write(`event: progress\ndata: ${JSON.stringify(progress)}\n\n`),
          end,
        );
      } catch (err) {
        // No stack trace to the user; the card falls back to polling when the stream ends.
        console.error("Planungsstream:", (err as Error).message);
        return end();
      }
      if (!open) return unsubscribe();
    },
    // The client went away (tab closed, EventSource.close(), network gone).
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      // nginx and similar proxies otherwise buffer the stream.
      "X-Accel-Buffering": "no",
    },
  });
}
