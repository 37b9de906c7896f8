/**
 * The query parameters of the admin lists, in the contract so that the API validates them with
 * these schemas (bad parameter: German 400) and the web client builds its queries from their
 * types (common/contract/routes.ts names each route's `query`).
 */
import { z } from "zod";
import { exportRange, exportRangeTooWide } from "../export_range.ts";
import { isIsoDate, schoolDay } from "../time.ts";
import { type ListParams, listQuerySchema, unknownSortMessage } from "./list_query.ts";

/** The sort_by values the appointments list (and its exports) accept. */
export const appointmentSortKeys = [
  "start_time",
  "time_of_day",
  "student_name",
  "instructor_name",
  "appointment_type",
  "vehicle",
  "status",
  "transmission_type",
] as const;

type AppointmentSortKey = (typeof appointmentSortKeys)[number];

/**
 * One end of the date range: absent means the default (`fallback()`), empty means open (null),
 * else a Berlin calendar day JJJJ-MM-TT. So the screen's empty "Von" field shows everything while
 * a plain GET starts today.
 */
function rangeEnd(label: string, fallback: () => string | null) {
  const message = `${label}: Bitte ein Datum im Format JJJJ-MM-TT angeben.`;
  return z.string().trim().optional().pipe(
    z.union([
      z.undefined().transform(fallback),
      z.literal("").transform(() => null),
      z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message).refine(isIsoDate, message),
    ], { error: message }),
  );
}

/** ?from=&to= of the list and the exports: Berlin days, both inclusive; from defaults to today. */
export const appointmentRangeSchema = z.object({
  from: rangeEnd("Von", () => schoolDay()),
  to: rangeEnd("Bis", () => null),
}).refine((r) => !r.from || !r.to || r.from <= r.to, {
  message: "Das Von-Datum darf nicht nach dem Bis-Datum liegen.",
  path: ["to"],
});

/** The date range of the list: null ends are open. */
export type AppointmentRange = z.infer<typeof appointmentRangeSchema>;

/** What the list shows: search, sort, page and range. The exports take the same query. */
export type AppointmentQuery = ListParams<AppointmentSortKey> & AppointmentRange;

/**
 * The query of GET /admin/appointments/ and its exports: paging (spec 01 §9: 50 a page, newest
 * first), sorting, a search and the date range.
 */
export const appointmentListQuerySchema = listQuerySchema({
  sortKeys: appointmentSortKeys,
  defaultSort: "start_time",
  defaultDirection: "desc",
  defaultPageSize: 50,
  maxPageSize: 200,
}).and(appointmentRangeSchema).transform((query): AppointmentQuery => query);

/** An export's query: the list's, with both ends of its range set and at most a year apart. */
export type ExportQuery = AppointmentQuery & { from: string; to: string };

/**
 * The query of the three exports (issue 24): the list's search, sort and range, the range closed
 * to at most a year (common/export_range.ts) so no request builds a file of every lesson ever.
 */
export const appointmentExportQuerySchema = appointmentListQuerySchema.transform(
  (query, ctx): ExportQuery => {
    const range = exportRange(query, schoolDay());
    if (!range) {
      ctx.addIssue({ code: "custom", message: exportRangeTooWide, path: ["to"] });
      return z.NEVER;
    }
    return { ...query, ...range };
  },
);

/** The sort_by values of the vehicle list. */
export const vehicleSortKeys = ["name", "appointment_count"] as const;

/** GET /admin/vehicles/: the fleet is small, one unpaged list, sorted like every other list. */
export const vehicleListQuerySchema = listQuerySchema({
  sortKeys: vehicleSortKeys,
  defaultSort: "name",
});

/** DELETE /admin/vehicles/{id}/: the vehicle that takes over the future lessons. */
export const vehicleDeleteQuerySchema = z.object({
  // Without it a vehicle that still has future lessons is not deleted.
  reassign_to: z.string()
    .regex(/^[1-9]\d{0,14}$/, "Bitte wählen Sie ein Fahrzeug für die Termine aus.")
    .transform(Number)
    .optional(),
});

/** The sort_by values of the availabilities list. */
export const availabilitySortKeys = [
  "full_name",
  "username",
  "role",
  "day_of_week",
  "start_time",
  "end_time",
  "availability_type",
] as const;

const userIdMessage = "Ungültige Benutzer-ID.";

/**
 * GET /admin/availabilities/: ?user={id} answers that person's rows unpaged; else the list with
 * its filters (role, one person, one weekday; empty means all).
 */
export const availabilityListQuerySchema = z.object({
  user: z.string().trim().regex(/^(\d{1,15})?$/, userIdMessage).optional()
    .transform((value) => (value ? Number(value) : null)),
  role: z.enum(["", "instructor", "student"], {
    error: "Die Rolle muss „instructor“ oder „student“ sein.",
  }).optional().transform((value) => value || null),
  person: z.string().trim()
    .regex(/^(|[1-9]\d{0,14})$/, "Ungültige Personen-ID.")
    .optional().transform((value) => (value ? Number(value) : null)),
  day_of_week: z.string().trim()
    .regex(/^[1-7]?$/, "Der Wochentag muss zwischen 1 (Montag) und 7 (Sonntag) liegen.")
    .optional().transform((value) => (value ? Number(value) : null)),
}).and(listQuerySchema({ sortKeys: availabilitySortKeys, defaultSort: "full_name" }));

const userMissing = "Bitte geben Sie einen Benutzer an (?user=).";

/** GET /admin/special-dates/: one person's absences. */
export const specialDatesQuerySchema = z.object({
  user: z.string({ error: userMissing }).trim().min(1, userMissing)
    .regex(/^\d{1,15}$/, userIdMessage).transform(Number),
});

const commonUserSorts = [
  "username",
  "full_name",
  "name",
  "first_name",
  "last_name",
  "email",
  "is_active",
  "date_joined",
] as const;

/** The sort_by values the people list accepts per role (a role's own figures sort only there). */
export const userSortKeys = {
  all: commonUserSorts,
  student: [...commonUserSorts, "license_class", "remaining_hours_total"],
  instructor: [...commonUserSorts, "week_hours", "today_appointments"],
} as const;

type UserSortKey =
  | (typeof userSortKeys.student)[number]
  | (typeof userSortKeys.instructor)[number];

/** GET /admin/users/: ?role=instructor|student (empty: both) and the list parameters. */
export const userListQuerySchema = z.object({
  role: z.string().trim().optional().transform((value) => value || null).pipe(
    z.enum(["instructor", "student"], {
      error: "Die Rolle muss „instructor“ oder „student“ sein.",
    }).nullable(),
  ),
}).and(listQuerySchema<UserSortKey>({
  sortKeys: [...new Set([...userSortKeys.student, ...userSortKeys.instructor])],
  defaultSort: "username",
})).superRefine((query, ctx) => {
  const allowed: readonly string[] = userSortKeys[query.role ?? "all"];
  if (!allowed.includes(query.sortBy)) {
    ctx.addIssue({ code: "custom", path: ["sort_by"], message: unknownSortMessage(query.sortBy) });
  }
});
