import type { Db, Sql } from "../../db/connection.ts";
import { AppError } from "../lib/errors.ts";
import type { ListParams } from "../lib/list_params.ts";

import type { vehicleSortKeys } from "../../common/contract/list_queries.ts";

type VehicleSortKey = (typeof vehicleSortKeys)[number];

const plateTaken = () =>
  new AppError(409, "plate_taken", "Ein Fahrzeug mit diesem Kennzeichen existiert bereits.");

/** All vehicles with their number of non-cancelled appointments. */
export async function listVehicles(sql: Sql, params: ListParams<VehicleSortKey>) {
  const key = params.sortBy === "appointment_count" ? sql`appointment_count` : sql`upper(v.name)`;
  const dir = params.direction === "desc" ? sql`desc` : sql`asc`;
  return await sql<
    (VehicleRow & { appointment_count: number })[]
  >`
    select v.id::int, v.name, v.transmission,
           (select count(*) from appointments a
            where a.vehicle_id = v.id and a.status <> 'cancelled')::int as appointment_count
    from vehicles v
    order by ${key} ${dir}, upper(v.name) ${dir}, v.id
  `;
}

/** Adds a vehicle; a plate that exists in any letter case answers 409. */
export async function addVehicle(sql: Db, name: string, transmission: "manual" | "automatic") {
  try {
    const [row] = await sql<VehicleRow[]>`
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

export interface VehicleRow {
  id: number;
  name: string;
  transmission: "manual" | "automatic";
}

const vehicleMissing = () =>
  new AppError(
    404,
    "not_found",
    "Das Fahrzeug wurde nicht gefunden. Bitte laden Sie die Liste neu.",
  );

/** One vehicle, locked for the rest of the transaction; 404 when it is gone. */
export async function lockVehicle(tx: Db, id: number): Promise<VehicleRow> {
  const [row] = await tx<VehicleRow[]>`
    select id::int, name, transmission from vehicles where id = ${id} for update
  `;
  if (!row) throw vehicleMissing();
  return row;
}

/** Renames a vehicle or changes its transmission; a plate in use answers 409. */
export async function updateVehicle(
  tx: Db,
  id: number,
  name: string,
  transmission: "manual" | "automatic",
): Promise<VehicleRow> {
  try {
    const [row] = await tx<VehicleRow[]>`
      update vehicles set name = ${name}, transmission = ${transmission} where id = ${id}
      returning id::int, name, transmission
    `;
    return row;
  } catch (err) {
    if ((err as { code?: string }).code === "23505") throw plateTaken();
    throw err;
  }
}

/** The vehicle's lessons still to come (not cancelled), in time order. */
export async function futureLessons(tx: Db, vehicleId: number) {
  return await tx<{ id: number; transmission: string }[]>`
    select id::int, transmission from appointments
     where vehicle_id = ${vehicleId} and status <> 'cancelled' and ends_at > now()
     order by starts_at
  `;
}

/**
 * Moves the vehicle's future lessons to another vehicle. The other vehicle must have the gearbox
 * of every lesson and be free at their times (the exclusion constraint on appointments decides).
 */
export async function reassignLessons(
  tx: Db,
  from: VehicleRow,
  to: VehicleRow,
  lessons: { id: number; transmission: string }[],
): Promise<void> {
  if (lessons.some((lesson) => lesson.transmission !== to.transmission)) {
    throw new AppError(
      409,
      "transmission_mismatch",
      `Das Fahrzeug „${to.name}“ hat ein anderes Getriebe als die Termine von „${from.name}“. Bitte wählen Sie ein passendes Fahrzeug.`,
    );
  }
  try {
    await tx`
      update appointments set vehicle_id = ${to.id}, updated_at = now()
       where id in ${tx(lessons.map((lesson) => lesson.id))}
    `;
  } catch (err) {
    // 23P01: the exclusion constraint - the other vehicle is booked at one of these times.
    if ((err as { code?: string }).code === "23P01") {
      throw new AppError(
        409,
        "vehicle_busy",
        `Das Fahrzeug „${to.name}“ ist zur Zeit eines dieser Termine schon belegt. Bitte wählen Sie ein anderes Fahrzeug.`,
      );
    }
    throw err;
  }
}
