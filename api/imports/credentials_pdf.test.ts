import { unzlibSync } from "fflate";
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { qrMatrix } from "./credentials_pdf.ts";

const t = await createTestApp("imports_credentials");
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

/** The PDF as Latin-1 text with every Flate stream inflated, so the card texts can be read. */
function pdfText(bytes: Uint8Array): string {
  const latin1 = new TextDecoder("latin1");
  const raw = latin1.decode(bytes);
  let out = "";
  let at = 0;
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf("endstream", start);
    out += raw.slice(at, m.index!);
    try {
      out += latin1.decode(unzlibSync(bytes.subarray(start, end)));
    } catch {
      out += raw.slice(start, end); // not compressed
    }
    at = end;
  }
  return out + raw.slice(at);
}

const users = Array.from({ length: 9 }, (_, i) => ({
  name: i === 0 ? "Jürgen Weiß" : `Person ${i + 1}`,
  username: `person.${i + 1}`,
  password: `Geheim${i + 1}xYz23456`,
}));

Deno.test("the credentials PDF has one card per user with the login address, 8 per page", async () => {
  const res = await admin.post("/api/admin/credentials-pdf/", { users });
  assertEquals(res.status, 200);
  assertEquals(res.headers.get("Content-Type"), "application/pdf");
  assertEquals(res.headers.get("Cache-Control"), "no-store");
  assert(res.headers.get("Content-Disposition")!.includes("fahrplan-zugangsdaten.pdf"));
  const pdf = pdfText(new Uint8Array(await res.arrayBuffer()));
  assert(pdf.startsWith("%PDF-"));
  assertEquals(pdf.match(/\/Type \/Page\b/g)?.length, 2);
  for (const user of users) {
    assert(pdf.includes(`(${user.username})`), user.username);
    assert(pdf.includes(`(${user.password})`), user.password);
  }
  assert(pdf.includes("(J\xfcrgen Wei\xdf)"), "umlauts in WinAnsi");
  assertEquals(pdf.split("(http://localhost/login)").length - 1, 9);
  // Nothing of it was stored.
  const [{ n }] = await t.sql`select count(*)::int as n from users`;
  assertEquals(n, 1);
});

Deno.test("the QR code encodes the address: a version-3 symbol (29 modules) for a short URL", () => {
  const matrix = qrMatrix("https://fahrschule.example/login");
  assertEquals(matrix.length, 29);
  // The three finder patterns: dark 7x7 corners with a light ring inside.
  for (const [r, c] of [[0, 0], [0, 22], [22, 0]]) {
    assert(matrix[r][c] && matrix[r + 6][c + 6] && !matrix[r + 1][c + 1] && matrix[r + 3][c + 3]);
  }
  assert(JSON.stringify(qrMatrix("https://a.example/login")) !== JSON.stringify(matrix));
});

Deno.test("an empty list is a German 400; the call is for administrators", async () => {
  const res = await admin.post("/api/admin/credentials-pdf/", { users: [] });
  assertEquals(res.status, 400);
  assertEquals((await res.json()).error, "Es wurden keine Zugangsdaten übergeben.");
  const visitor = t.client();
  await visitor.fetchCsrf();
  assertEquals((await visitor.post("/api/admin/credentials-pdf/", { users })).status, 401);
});
