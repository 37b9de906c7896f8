import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Schedule } from "../../../../common/contract/schedule.ts";
import type { Lesson } from "./schedule_layout.ts";
import { ConfirmProvider } from "../../components/ui/confirm_dialog.tsx";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";

const state = vi.hoisted(() => ({
  wide: true,
  answer: null as unknown,
  error: null as Error | null,
  queries: [] as string[],
  detailPaths: [] as string[],
}));
const appointmentDetail = vi.hoisted(() => ({
  id: 1,
  date: "2026-11-23",
  time: "09:00",
  end_clock: "09:45",
  start_time: "2026-11-23T09:00:00+01:00",
  end_time: "2026-11-23T09:45:00+01:00",
  duration_minutes: 45,
  student_id: 10,
  student_name: "Anna Müller",
  instructor_id: 1,
  instructor_name: "Ingrid Lehrer",
  vehicle_id: null,
  vehicle: null,
  appointment_type: "driving_lesson",
  appointment_type_display: "Fahrstunde",
  transmission_type: "manual",
  status: "confirmed",
  cancel_reason: "",
  notes: "",
  created_by_name: "",
  planned: true,
  updated_at: "2026-11-20T10:00:00+01:00",
}));
vi.mock("../../lib/use_wide_screen.ts", () => ({ useWideScreen: () => state.wide }));
vi.mock("../../lib/api.ts", async (importActual) => {
  const actual = await importActual<typeof import("../../lib/api.ts")>();
  return {
    ...actual,
    call: (
      route: string,
      options: { params?: Record<string, number>; query?: Record<string, string> },
    ) => {
      // The appointment dialog loads its detail by id.
      if (route === "GET /admin/appointments/{id}/") {
        state.detailPaths.push(actual.routePath(route, options.params));
        return Promise.resolve(appointmentDetail);
      }
      state.queries.push(new URLSearchParams(options.query).toString());
      return state.error ? Promise.reject(state.error) : Promise.resolve(state.answer);
    },
  };
});

const { default: ScheduleScreen } = await import("./schedule_screen.tsx");
const { ApiError } = await import("../../lib/api.ts");

function lesson(id: number, extra: Partial<Lesson>): Lesson {
  return {
    id,
    start_time: "2026-11-23T09:00:00+01:00",
    end_time: "2026-11-23T09:45:00+01:00",
    date: "2026-11-23",
    time: "09:00",
    end_clock: "09:45",
    student_id: 10,
    student_name: "Anna Müller",
    instructor_id: 1,
    instructor_name: "Ingrid Lehrer",
    appointment_type: "driving_lesson",
    appointment_type_display: "Fahrstunde",
    type_display: "Fahrstunde",
    title: "",
    vehicle: "DO-FS 101",
    pickup_point: "Kley",
    transmission_type: "manual",
    status: "confirmed",
    cancel_reason: "",
    ...extra,
  };
}

function schedule(from: string, to: string): Schedule {
  return {
    from,
    to,
    instructors: [
      { id: 1, name: "Ingrid Lehrer", transmission_types: ["manual"] },
      { id: 2, name: "Bernd Zander", transmission_types: ["automatic", "manual"] },
    ],
    appointments: [
      lesson(7, {}),
      lesson(8, {
        instructor_id: 2,
        instructor_name: "Bernd Zander",
        student_name: "Paul Becker",
        time: "14:00",
        end_clock: "15:30",
        vehicle: null,
        status: "cancelled",
      }),
    ],
  };
}

function renderAt(query: string) {
  return render(
    <WithQueryClient>
      <ToastProvider>
        <ConfirmProvider>
          <MemoryRouter initialEntries={[`/uebersicht${query}`]}>
            <ScheduleScreen />
          </MemoryRouter>
        </ConfirmProvider>
      </ToastProvider>
    </WithQueryClient>,
  );
}

beforeEach(() => {
  state.wide = true;
  state.error = null;
  state.queries = [];
  state.answer = schedule("2026-11-23", "2026-11-23");
});
afterEach(cleanup);

describe("ScheduleScreen", () => {
  it("loads the chosen day and puts each lesson in its instructor's column", async () => {
    renderAt("?datum=2026-11-23");
    const grid = await screen.findByRole("table", {
      name: "Tagesansicht Montag, 23. November 2026",
    });
    expect(state.queries[0]).toBe("from=2026-11-23&to=2026-11-23");
    const heads = within(grid).getAllByRole("columnheader").map((h) => h.textContent);
    expect(heads).toEqual([
      "Uhrzeit",
      "Ingrid Lehrer1 Termin· Schaltgetriebe",
      "Bernd Zander0 Termine· Automatik, Schaltgetriebe",
    ]);
    const cells = within(grid).getAllByRole("cell");
    expect(within(cells[0]).getByRole("button").getAttribute("aria-label")).toBe(
      "09:00 bis 09:45, Anna Müller bei Ingrid Lehrer, DO-FS 101, Fahrstunde",
    );
    expect(within(cells[1]).getByRole("button").getAttribute("aria-label")).toBe(
      "14:00 bis 15:30, Paul Becker bei Bernd Zander, ohne Fahrzeug, Fahrstunde, Storniert",
    );
    expect(screen.getByText("1 Termin · 1 storniert")).toBeTruthy();
  });

  it("opens a lesson's dialog from its button", async () => {
    renderAt("?datum=2026-11-23");
    fireEvent.click(await screen.findByRole("button", { name: /^09:00 bis 09:45, Anna Müller/ }));
    // The appointment dialog of /appointments, with its actions.
    const dialog = await screen.findByRole("dialog", { name: "Fahrstunde am Mo, 23.11.2026" });
    expect(state.detailPaths.at(-1)).toMatch(/\/admin\/appointments\/\d+\/$/);
    expect(dialog.textContent).toContain("Anna Müller");
    expect(dialog.textContent).toContain("Ingrid Lehrer");
    expect(within(dialog).getByRole("button", { name: "Verschieben" })).toBeTruthy();
  });

  it("loads Monday to Sunday in the week view and filters one instructor", async () => {
    state.answer = schedule("2026-11-23", "2026-11-29");
    renderAt("?ansicht=woche&datum=2026-11-25");
    const table = await screen.findByRole("table", {
      name: "Wochenansicht KW 48 · 23.–29. November 2026",
    });
    expect(state.queries[0]).toBe("from=2026-11-23&to=2026-11-29");
    expect(within(table).getAllByRole("rowheader").map((h) => h.textContent)).toEqual([
      "Ingrid Lehrer1 Termin· Schaltgetriebe",
      "Bernd Zander0 Termine· Automatik, Schaltgetriebe",
    ]);
    fireEvent.change(screen.getByRole("combobox", { name: "Fahrlehrer" }), {
      target: { value: "2" },
    });
    await waitFor(() => expect(within(table).getAllByRole("rowheader")).toHaveLength(1));
    expect(within(table).getByRole("rowheader").textContent).toContain("Bernd Zander");
    expect(within(table).queryByText("Anna Müller")).toBeNull();
  });

  it("steps a week with the arrows in the week view", async () => {
    state.answer = schedule("2026-11-23", "2026-11-29");
    renderAt("?ansicht=woche&datum=2026-11-25");
    await screen.findByRole("table", { name: /^Wochenansicht/ });
    fireEvent.click(screen.getByRole("button", { name: "Nächste Woche" }));
    await waitFor(() => expect(state.queries.at(-1)).toBe("from=2026-11-30&to=2026-12-06"));
    fireEvent.click(screen.getByRole("button", { name: "Vorherige Woche" }));
    fireEvent.click(screen.getByRole("button", { name: "Vorherige Woche" }));
    await waitFor(() => expect(state.queries.at(-1)).toBe("from=2026-11-16&to=2026-11-22"));
  });

  it("shows one instructor at a time on a phone, the first unless one is picked", async () => {
    state.wide = false;
    renderAt("?datum=2026-11-23");
    const grid = await screen.findByRole("table", { name: /^Tagesansicht/ });
    const heads = () => within(grid).getAllByRole("columnheader").map((h) => h.textContent);
    expect(heads()).toEqual(["Uhrzeit", "Ingrid Lehrer1 Termin· Schaltgetriebe"]);
    const picker = screen.getByRole("combobox", { name: "Fahrlehrer" });
    expect([...picker.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Ingrid Lehrer",
      "Bernd Zander",
    ]);
    fireEvent.change(picker, { target: { value: "2" } });
    await waitFor(() => expect(heads()[1]).toContain("Bernd Zander"));
    expect(within(grid).getByRole("button").getAttribute("aria-label")).toContain("Paul Becker");
  });

  it("says why the overview could not load", async () => {
    state.error = new ApiError(400, "Der Zeitraum darf höchstens 31 Tage umfassen.");
    // The screen logs the failure as well; keep the test output clean.
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt("?datum=2026-11-23");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Der Zeitraum darf höchstens 31 Tage umfassen.",
    );
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
