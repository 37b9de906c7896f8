import { z } from "zod";
import type { Sql } from "../../db/connection.ts";
import {
  type AppointmentRow,
  appointmentSelect,
  personNameSql,
  withDisplay,
} from "./appointment_rows.ts";

/** The sort_by values the appointments list accepts. */
export const appointmentSortKeys = [
  "start_time",
  "student_name",
  "instructor_name",
  "vehicle",
  "status",
  "transmission_type",
] as const;

/** The spec's page size (spec 01 §9). */
export const defaultPageSize = 50;
const maxPageSize = 200;

function wholeNumber(field: string, max: number, fallback: number) {
  const message = `${field}: Bitte eine ganze Zahl von 1 bis ${max} angeben.`;
  return z.string().trim().optional()
    .transform((value) => value ? value : String(fallback))
    .pipe(
      z.string().regex(/^\d{1,6}$/, message).transform(Number)
        .pipe(z.number().min(1, message).max(max, message)),
    );
}

/** The query of GET /appointments/: paging, sorting and a search over names and vehicle. */
export const listQuerySchema = z.object({
  page: wholeNumber("Ungültige Seitenzahl", 100_000, 1),
  page_size: wholeNumber("Ungültige Seitengröße", maxPageSize, defaultPageSize),
  sort_by: z.string().trim().optional()
    .transform((value) => value || "start_time")
    .pipe(z.enum(appointmentSortKeys, {
      error: (issue) => `Nach „${String(issue.input)}“ kann nicht sortiert werden.`,
    })),
  sort_direction: z.string().trim().toLowerCase().optional()
    .transform((value) => value || "desc")
    .pipe(z.enum(["asc", "desc"], {
      error: "Die Sortierrichtung muss „asc“ oder „desc“ sein.",
    })),
  search: z.string().trim()
    .max(100, "Der Suchbegriff darf höchstens 100 Zeichen lang sein.")
    .optional().transform((value) => value ?? ""),
});

/** The checked list query. */
export type ListQuery = z.infer<typeof listQuerySchema>;

function sortExpression(sql: Sql, sortBy: ListQuery["sort_by"]) {
  switch (sortBy) {
    case "student_name":
      return sql`lower(${personNameSql(sql, "s")})`;
    case "instructor_name":
      return sql`lower(${personNameSql(sql, "i")})`;
    case "vehicle":
      return sql`upper(v.name)`;
    case "status":
      return sql`a.status`;
    case "transmission_type":
      return sql`a.transmission`;
    default:
      return sql`a.starts_at`;
  }
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

/** One page of appointments with the paging figures the screen reads. */
export async function listAppointments(sql: Sql, query: ListQuery) {
  const pattern = containsPattern(query.search);
  const where = query.search
    ? sql`where lower(${personNameSql(sql, "s")}) like ${pattern}
             or lower(${personNameSql(sql, "i")}) like ${pattern}
             or lower(coalesce(v.name, '')) like ${pattern}`
    : sql``;
  const dir = query.sort_direction === "desc" ? sql`desc` : sql`asc`;
  // Rows without a vehicle sort last in both directions; start time then id keep pages stable.
  const rows = await sql<(Omit<AppointmentRow, "appointment_type_display" | "type_display">)[]>`
    ${appointmentSelect(sql)}
    ${where}
    order by ${
    sortExpression(sql, query.sort_by)
  } ${dir} nulls last, a.starts_at ${dir}, a.id ${dir}
    limit ${query.page_size} offset ${(query.page - 1) * query.page_size}
  `;
  const [{ total }] = await sql<{ total: number }[]>`
    select count(*)::int as total
    from appointments a
    join users s on s.id = a.student_id
    join users i on i.id = a.instructor_id
    left join vehicles v on v.id = a.vehicle_id
    ${where}
  `;
  // An empty list still has one (empty) page, as the other admin lists answer it.
  const totalPages = Math.max(1, Math.ceil(total / query.page_size));
  return {
    results: rows.map(withDisplay),
    total,
    total_pages: totalPages,
    page: query.page,
    page_size: query.page_size,
  };
}
