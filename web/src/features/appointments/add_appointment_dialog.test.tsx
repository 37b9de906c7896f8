import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultPlannerSettings } from "../../../../common/contract/planner_settings.ts";
import { ConfirmProvider } from "../../components/ui/confirm_dialog.tsx";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";

// 'Termin hinzufügen' as a user walk found it (issue 25, point 5): the free-slot list, the
// length by type and a quiet close. The server's side is tested in api/appointments/.
const state = vi.hoisted(() => ({
  training: { lessonMinutes: 45, specialDrivesDouble: true },
  /** the choices load waits until the dialog is closed (its signal aborts) */
  hangChoices: false,
  freeSlotQueries: [] as Record<string, string>[],
}));

const slot = {
  date: "2026-12-29",
  start_time: "13:30",
  end_time: "14:15",
  duration_minutes: 45,
  transmission: "manual",
  instructor_id: 1,
  instructor_name: "Ingrid Auto",
  vehicle_id: 5,
  vehicle_name: "DO-FS 101",
  others: [
    {
      instructor_id: 2,
      instructor_name: "Jörg Barsmann",
      vehicle_id: 6,
      vehicle_name: "DO-FS 102",
    },
  ],
};

vi.mock("../../lib/api.ts", async (importActual) => ({
  ...(await importActual<typeof import("../../lib/api.ts")>()),
  call: (route: string, options?: { query?: Record<string, string>; signal?: AbortSignal }) => {
    if (route === "GET /admin/appointments/choices/") {
      if (state.hangChoices) {
        return new Promise((_, reject) =>
          options?.signal?.addEventListener(
            "abort",
            () => reject(new DOMException("The operation was aborted.", "AbortError")),
          )
        );
      }
      return Promise.resolve({
        students: [{ id: 10, name: "Zoe Yılmaz" }],
        instructors: [
          { id: 1, name: "Ingrid Auto", transmission_types: ["manual"] },
          { id: 2, name: "Jörg Barsmann", transmission_types: ["manual"] },
        ],
        vehicles: [
          { id: 5, name: "DO-FS 101", transmission: "manual" },
          { id: 6, name: "DO-FS 102", transmission: "manual" },
        ],
      });
    }
    if (route === "GET /admin/planner-settings/") {
      const settings = {
        ...defaultPlannerSettings,
        training: { ...defaultPlannerSettings.training, ...state.training },
      };
      return Promise.resolve({ settings, defaults: defaultPlannerSettings, updated_at: null });
    }
    if (route === "GET /admin/free-slots/") {
      state.freeSlotQueries.push(options?.query ?? {});
      // The server starts a search from the past at today (here 28.11.2026).
      const from = options?.query?.from ?? "";
      return Promise.resolve({
        slots: [slot],
        searched_from: from > "2026-11-28" ? from : "2026-11-28",
        searched_until: "2027-01-08",
      });
    }
    return Promise.reject(new Error(`unexpected ${route}`));
  },
}));

const { AddAppointmentDialog } = await import("./add_appointment_dialog.tsx");

afterEach(() => {
  cleanup();
  state.training = { lessonMinutes: 45, specialDrivesDouble: true };
  state.hangChoices = false;
  state.freeSlotQueries = [];
  vi.restoreAllMocks();
});

function openDialog() {
  return render(
    <WithQueryClient>
      <ToastProvider>
        <ConfirmProvider>
          <AddAppointmentDialog onClose={() => {}} onAdded={() => {}} />
        </ConfirmProvider>
      </ToastProvider>
    </WithQueryClient>,
  );
}

async function pickStudent() {
  const picker = screen.getByRole("combobox", { name: "Fahrschüler" });
  fireEvent.change(picker, { target: { value: "zoe" } });
  fireEvent.mouseDown(await screen.findByRole("option", { name: "Zoe Yılmaz" }));
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

function type(label: string, text: string) {
  fireEvent.change(field(label), { target: { value: text } });
  fireEvent.blur(field(label));
}

describe("the free-slot list", () => {
  it("offers a time once, and another free instructor at it with one click", async () => {
    openDialog();
    await pickStudent();
    const list = await screen.findByRole("region", { name: "Nächste freie Termine" });
    expect(await screen.findAllByText(/Di 29\.12\. 13:30/)).toHaveLength(1);
    expect(list.textContent).toContain("Ingrid Auto");
    fireEvent.click(
      screen.getByRole("button", { name: "Di 29.12. 13:30 mit Jörg Barsmann (DO-FS 102)" }),
    );
    expect(field("Fahrlehrer").value).toBe("2");
    expect(field("Fahrzeug").value).toBe("6");
    expect(field("Uhrzeit").value).toBe("13:30");
    expect(field("Datum").value).toBe("29.12.2026");
  });

  it("names the day the list really starts from, not a past date typed", async () => {
    openDialog();
    await pickStudent();
    type("Datum", "20.11.2026");
    expect(
      await screen.findByRole("heading", { name: "Nächste freie Termine ab 28.11.2026" }),
    ).toBeTruthy();
    expect(screen.queryByText(/ab 20\.11\.2026/)).toBeNull();
  });
});

describe("the length by type", () => {
  it("is the school's Fahrstunde, 90 minutes for a special drive, and kept once typed", async () => {
    openDialog();
    await vi.waitFor(() => expect(field("Dauer").value).toBe("45"));
    fireEvent.change(field("Terminart"), { target: { value: "overland" } });
    expect(field("Dauer").value).toBe("90");
    fireEvent.change(field("Terminart"), { target: { value: "exam" } });
    expect(field("Dauer").value).toBe("60");
    fireEvent.change(field("Terminart"), { target: { value: "driving_lesson" } });
    expect(field("Dauer").value).toBe("45");
    // A length the office typed stays when the type changes.
    type("Dauer", "75");
    fireEvent.change(field("Terminart"), { target: { value: "night" } });
    expect(field("Dauer").value).toBe("75");
  });

  it("follows the school's settings: 60-minute lessons, special drives single", async () => {
    state.training = { lessonMinutes: 60, specialDrivesDouble: false };
    openDialog();
    await vi.waitFor(() => expect(field("Dauer").value).toBe("60"));
    fireEvent.change(field("Terminart"), { target: { value: "highway" } });
    expect(field("Dauer").value).toBe("45");
  });
});

describe("closing the dialog", () => {
  it("logs no error for the lists' load it aborts", async () => {
    const errors = vi.spyOn(console, "error");
    state.hangChoices = true;
    const view = openDialog();
    view.unmount();
    // The abort rejects the load on a later turn; give it that turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors.mock.calls.filter(([m]) => String(m).includes("Auswahllisten"))).toEqual([]);
  });
});
