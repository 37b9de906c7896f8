import type { Sql } from "../../db/connection.ts";
import { AppError } from "../lib/errors.ts";
import type { ListParams } from "../lib/list_params.ts";

/** The sort_by values of the vehicle list. */
export const vehicleSortKeys = ["name", "appointment_count"] as const;

type VehicleSortKey = (typeof vehicleSortKeys)[number];

const plateTaken = () =>
  new AppError(409, "plate_taken", "Ein Fahrzeug mit diesem Kennzeichen existiert bereits.");

/** All vehicles with their number of non-cancelled appointments. */
export async function listVehicles(sql: Sql, params: ListParams<VehicleSortKey>) {
  const key = params.sortBy === "appointment_count" ? sql`appointment_count` : sql`upper(v.name)`;
  const dir = params.direction === "desc" ? sql`desc` : sql`asc`;
  return await sql<
    { id: number; name: string; transmission: string; appointment_count: number }[]
  >`
    select v.id::int, v.name, v.transmission,
           (select count(*) from appointments a
            where a.vehicle_id = v.id and a.status <> 'cancelled')::int as appointment_count
    from vehicles v
    order by ${key} ${dir}, upper(v.name) ${dir}, v.id
  `;
}

/** Adds a vehicle; a plate that exists in any letter case answers 409. */
export async function addVehicle(sql: Sql, name: string, transmission: "manual" | "automatic") {
  try {
    const [row] = await sql<{ id: number; name: string; transmission: string }[]>`
      insert into vehicles (name, transmission) values (${name}, ${transmission})
      returning id::int, name, transmission
    `;
    return row;
  } catch (err) {
    // The unique index on upper(name) decides, so two parallel adds cannot both win.
    if ((err as { code?: string }).code === "23505") throw plateTaken();
    throw err;
  }
}
