import { rejects as assertRejects } from "node:assert/strict";
import { checkAnswer } from "./test_app.ts";

const json = (body: unknown, type = "application/json") =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": type } });

Deno.test("an answer that fits the contract passes, one that drifts fails", async () => {
  await checkAnswer("GET", "/api/csrf/", json({ csrfToken: "abc" }));
  await assertRejects(() => checkAnswer("GET", "/api/csrf/", json({ csrfToken: 5 })));
  await assertRejects(() => checkAnswer("GET", "/api/admin/users/7/", json({ id: "7" })));
});

Deno.test("a file answer must carry the contract's content type", async () => {
  await checkAnswer("GET", "/api/admin/appointments/export/pdf/?x=1", json("", "application/pdf"));
  await assertRejects(() =>
    checkAnswer("GET", "/api/admin/appointments/export/pdf/", json({ rows: [] }))
  );
});
