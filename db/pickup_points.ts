import type { Db } from "./connection.ts";

/** The school's pickup points (Treffpunkte), in the office's order. */
export async function readPickupPointNames(sql: Db): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select name from pickup_points order by position, lower(name)
  `;
  return rows.map((r) => r.name);
}
