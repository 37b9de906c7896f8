/**
 * The answer and request types of the API, from the shared contract (common/contract/), for
 * feature code that keeps rows in state or passes them around. Prefer these to hand-written
 * interfaces: they change with the server.
 */
import type { AnswerOf, BodyOf, ContractRoute, QueryOf } from "../../../common/contract/routes.ts";

export type { AnswerOf, BodyOf, ContractRoute, QueryOf };
export type {
  CreatedPerson,
  InstructorDetail,
  InstructorPayload,
  InstructorRow,
  PersonUpdatePayload,
  StudentCreatePayload,
  StudentDetail,
  StudentRow,
  StudentUpdatePayload,
  UserDetail,
  UserRow,
} from "../../../common/contract/people.ts";
export type { PersonRow } from "../../../common/contract/person_row.ts";
export type { VehicleInput, VehicleRow } from "../../../common/contract/vehicles.ts";
export type {
  GridHour,
  MessageAnswer,
  SpecialDateRow,
} from "../../../common/contract/small_answers.ts";
export type { AvailabilityListRow } from "../../../common/contract/availability_row.ts";
export type { AppointmentRow } from "../../../common/contract/appointment_row.ts";
export type {
  SickNote,
  SickNoteCreated,
  SickNoteRequest,
} from "../../../common/contract/affected.ts";
export type { PlannedWeekdays } from "../../../common/contract/school_calendar.ts";
export type { ListPage } from "../../../common/contract/list_page.ts";
