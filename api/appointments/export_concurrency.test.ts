import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { addDays, SCHOOL_TIME_ZONE, schoolDay } from "../../common/time.ts";

// Issue 24: "an export with no date range of 9,745 lessons (iCal) held every other request for
// 3.4 s". On a real HTTP server, a small request sent while a large export is being written must
// be answered before the export ends, and the event loop is never held for long. No wall-clock
// limits: what is compared is the order of events and the export's own duration.
const t = await createTestApp("appointments_export_concurrency");
await insertUser(t.sql, { username: "chefin", role: "admin" });
const instructor = await insertUser(t.sql, {
  username: "ingrid",
  role: "instructor",
  first_name: "Ingrid",
  last_name: "Lehrer",
});
const students: number[] = [];
for (let i = 0; i < 5; i++) {
  students.push(
    await insertUser(t.sql, {
      username: `schueler${i}`,
      role: "student",
      first_name: `Schüler ${i}`,
      last_name: "Müller",
    }),
  );
}
/** One lesson every 50 minutes from tomorrow on, 8,000 of them: about 280 days of one instructor. */
const lessons = 8000;
const tomorrow = addDays(schoolDay(), 1);
await t.sql`
  insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at, status,
                            appointment_type, notes)
  select (${students}::bigint[])[1 + n % 5], ${instructor}, 'manual',
         (${tomorrow}::date)::timestamp at time zone ${SCHOOL_TIME_ZONE} + n * interval '50 minutes',
         (${tomorrow}::date)::timestamp at time zone ${SCHOOL_TIME_ZONE} + n * interval '50 minutes'
           + interval '45 minutes',
         'confirmed', 'driving_lesson', 'Notiz ' || n
    from generate_series(0, ${lessons - 1}) n
`;

const admin = t.client();
await admin.login("chefin");
const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, t.app.fetch);
const origin = `http://127.0.0.1:${server.addr.port}`;

Deno.test.afterAll?.(async () => {
  await server.shutdown();
  await t.close();
});

interface Run {
  /** ms from sending the export to its last byte */
  exportMs: number;
  /** ms from sending the small request (at the export's first byte) to its answer */
  smallMs: number;
  /** the small request was answered before the export's last byte */
  smallFirst: boolean;
  /** the longest time the event loop did not run a timer while the export was made */
  longestStallMs: number;
  bytes: number;
}

/**
 * Downloads an export over HTTP; at its first byte (or its headers) sends GET
 * /api/auth/current-user/ and notes which of the two ends first, while a timer measures how long
 * the event loop was held at most.
 */
async function exportBeside(path: string): Promise<Run> {
  let last = performance.now();
  let longestStallMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longestStallMs = Math.max(longestStallMs, now - last);
    last = now;
  }, 1);
  try {
    const start = performance.now();
    const res = await fetch(`${origin}${path}`, { headers: { cookie } });
    assertEquals(res.status, 200);
    let smallEnd = 0;
    const smallStart = performance.now();
    const small = fetch(`${origin}/api/auth/current-user/`, { headers: { cookie } }).then(
      async (r) => {
        assertEquals((await r.json()).username, "chefin");
        smallEnd = performance.now();
      },
    );
    let bytes = 0;
    for await (const chunk of res.body!) bytes += chunk.length;
    const exportEnd = performance.now();
    await small;
    return {
      exportMs: exportEnd - start,
      smallMs: smallEnd - smallStart,
      smallFirst: smallEnd < exportEnd,
      longestStallMs,
      bytes,
    };
  } finally {
    clearInterval(probe);
  }
}

const to = addDays(tomorrow, 360);
for (const kind of ["ical", "excel"]) {
  Deno.test(`a small request is answered while the ${kind} export of ${lessons} lessons is made`, async () => {
    const run = await exportBeside(
      `/api/admin/appointments/export/${kind}/?from=${tomorrow}&to=${to}`,
    );
    console.log(`${kind}: ${JSON.stringify(run)}`);
    assert(run.bytes > 100_000, `a real file: ${run.bytes} bytes`);
    assert(run.smallFirst, `the small request waited for the export: ${JSON.stringify(run)}`);
    // Held for at most a third of the export's time at once: a relation, not a clock limit
    // (before issue 24 the export held the loop for 60-98 % of its time, docs/benchmarks.md).
    assert(
      run.longestStallMs < run.exportMs / 3,
      `the event loop was held ${run.longestStallMs.toFixed(0)} of ${run.exportMs.toFixed(0)} ms`,
    );
  });
}
