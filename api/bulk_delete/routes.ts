import { Hono } from "hono";
import { bulkDeleteSchema, testDataDeleteSchema } from "../../common/contract/admin_data.ts";
import type { AnswerOf } from "../../common/contract/routes.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../lib/validate.ts";
import { testDataEmails } from "../imports/test_data.ts";
import { testDataCounts } from "../imports/test_data_people.ts";
import { deleteAppointments, deletePeople, deleteTestPeople } from "./queries.ts";

/** Data management on the dashboard (spec 01 §2, §7); mounted under /api/admin. */
export const bulkDeleteRoutes = new Hono<AppEnv>()
  .delete("/bulk-delete/appointments/", validate("json", bulkDeleteSchema), async (c) => {
    const onlyFuture = c.req.valid("json").only_future === true;
    const message = await deleteAppointments(c.get("sql"), c.get("user"), { onlyFuture });
    return c.json<AnswerOf<"DELETE /admin/bulk-delete/appointments/">>({ message });
  })
  .delete("/bulk-delete/students/", validate("json", bulkDeleteSchema), async (c) => {
    const message = await deletePeople(c.get("sql"), c.get("user"), "student");
    return c.json<AnswerOf<"DELETE /admin/bulk-delete/students/">>({ message });
  })
  .delete("/bulk-delete/instructors/", validate("json", bulkDeleteSchema), async (c) => {
    const message = await deletePeople(c.get("sql"), c.get("user"), "instructor");
    return c.json<AnswerOf<"DELETE /admin/bulk-delete/instructors/">>({ message });
  })
  .get("/test-data/", async (c) => {
    return c.json<AnswerOf<"GET /admin/test-data/">>(await testDataCounts(c.get("sql")));
  })
  // Only the test-data package's people (the admin tour's clean-up); real people stay.
  .delete("/bulk-delete/test-data/", validate("json", testDataDeleteSchema), async (c) => {
    const message = await deleteTestPeople(c.get("sql"), c.get("user"), testDataEmails());
    return c.json<AnswerOf<"DELETE /admin/bulk-delete/test-data/">>({ message });
  });
