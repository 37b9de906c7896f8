import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { lessonTime } from "./lesson_time.ts";
import { ReplanResultDialog } from "./replan_result_dialog.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";

afterEach(cleanup);

describe("lessonTime", () => {
  it("names weekday, German date and clock", () => {
    expect(lessonTime("2026-11-30T08:00")).toBe("Mo 30.11.2026, 08:00");
    expect(lessonTime("2027-03-28T14:00")).toBe("So 28.03.2027, 14:00");
  });
});

describe("ReplanResultDialog", () => {
  it("lists every moved lesson with old and new time and every cancelled one with its reason", () => {
    render(
      <WithQueryClient>
        <ReplanResultDialog
          outcome={{
            moved: [{
              appointment_id: 1,
              student_name: "Greta Lehmann",
              old_start: "2026-12-01T09:00",
              old_instructor_name: "Anna Schmidt",
              new_start: "2026-12-01T17:00",
              new_instructor_name: "Ben Koch",
            }],
            cancelled: [{
              appointment_id: 2,
              student_name: "Hannes Fischer",
              start: "2026-11-30T14:00",
              instructor_name: "Anna Schmidt",
              reason: "Die passenden Fahrlehrer sind ausgebucht.",
            }],
          }}
          onClose={() => {}}
        />
      </WithQueryClient>,
    );
    const dialog = screen.getByRole("dialog", { name: "Ergebnis der Neuplanung" });
    expect(dialog.textContent).toContain("1 Termin wurde verlegt, 1 wurde storniert.");
    const moved = within(dialog).getByRole("table", { name: "Verlegte Termine" });
    const row = within(moved).getByRole("row", { name: /Greta Lehmann/ });
    expect(row.textContent).toContain("Di 01.12.2026, 09:00 bei Anna Schmidt");
    expect(row.textContent).toContain("Di 01.12.2026, 17:00 bei Ben Koch");
    const cancelled = within(dialog).getByRole("table", { name: "Stornierte Termine" });
    expect(within(cancelled).getByRole("row", { name: /Hannes Fischer/ }).textContent)
      .toContain("Die passenden Fahrlehrer sind ausgebucht.");
  });

  it("shows no empty table when nothing was cancelled", () => {
    render(
      <WithQueryClient>
        <ReplanResultDialog
          outcome={{
            moved: [{
              appointment_id: 1,
              student_name: "Greta Lehmann",
              old_start: "2026-12-01T09:00",
              old_instructor_name: "Anna Schmidt",
              new_start: "2026-12-02T09:00",
              new_instructor_name: "Anna Schmidt",
            }],
            cancelled: [],
          }}
          onClose={() => {}}
        />
      </WithQueryClient>,
    );
    expect(screen.queryByRole("table", { name: "Stornierte Termine" })).toBeNull();
    expect(screen.getAllByRole("table")).toHaveLength(1);
  });
});
