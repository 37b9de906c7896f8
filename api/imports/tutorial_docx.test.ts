import { unzipSync } from "fflate";
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { guideSections } from "./tutorial_docx.ts";

const t = await createTestApp("imports_tutorial");
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

Deno.test("the tutorial is a real Word document with a heading per section", async () => {
  const res = await admin.get("/api/admin/download/tutorial/");
  assertEquals(res.status, 200);
  assertEquals(
    res.headers.get("Content-Type"),
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  );
  assert(res.headers.get("Content-Disposition")!.includes("fahrplan-anleitung.docx"));
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  assert("[Content_Types].xml" in files && "word/styles.xml" in files);
  const xml = new TextDecoder().decode(files["word/document.xml"]);
  const headings = [...xml.matchAll(/<w:pStyle w:val="Heading1"\/>.*?<w:t[^>]*>([^<]*)<\/w:t>/g)]
    .map((m) => m[1]);
  assertEquals(headings, guideSections.map((s) => s.title));
  assert(xml.includes("Mittel 10/50, Groß 15/100, Mega 20/150, Legendary 25/200"));
  assert(xml.includes("Fragebogen-Link erstellen"));
});

Deno.test("the tutorial is for administrators only", async () => {
  assertEquals((await t.client().get("/api/admin/download/tutorial/")).status, 401);
});
