import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultPlannerSettings } from "../../../../common/contract/planner_settings.ts";
import { ConfirmProvider } from "../../components/ui/confirm_dialog.tsx";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";

const state = vi.hoisted(() => ({
  sent: [] as { method: string; path: string; body: unknown }[],
  /** the server's answer to a move: an error to throw, or null to succeed */
  refuse: null as null | ((body: Record<string, unknown>) => Error | null),
}));
const detail = {
  id: 7,
  date: "2026-11-25",
  time: "13:00",
  end_clock: "14:00",
  start_time: "2026-11-25T13:00:00+01:00",
  end_time: "2026-11-25T14:00:00+01:00",
  duration_minutes: 60,
  student_id: 10,
  student_name: "Zoe Yılmaz",
  instructor_id: 1,
  instructor_name: "Tom Zimmermann",
  vehicle_id: null,
  vehicle: null,
  appointment_type: "driving_lesson",
  appointment_type_display: "Fahrstunde",
  transmission_type: "automatic",
  status: "confirmed",
  cancel_reason: "",
  notes: "",
  created_by_name: "",
  planned: true,
  updated_at: "2026-11-20T10:00:00+01:00",
};
vi.mock("../../lib/api.ts", async (importActual) => ({
  ...(await importActual<typeof import("../../lib/api.ts")>()),
  call: (route: string, options?: { body?: Record<string, unknown> }) => {
    if (route === "GET /admin/appointments/{id}/") return Promise.resolve(detail);
    if (route === "PATCH /admin/appointments/{id}/") {
      state.sent.push({ method: "PATCH", path: route, body: options?.body });
      const refusal = state.refuse?.(options?.body ?? {});
      return refusal ? Promise.reject(refusal) : Promise.resolve(detail);
    }
    if (route === "GET /admin/appointments/choices/") {
      return Promise.resolve({
        students: [{ id: 10, name: "Zoe Yılmaz" }],
        instructors: [{ id: 1, name: "Tom Zimmermann", transmission_types: ["automatic"] }],
        vehicles: [],
      });
    }
    if (route === "GET /admin/free-slots/") {
      return Promise.resolve({
        slots: [],
        searched_from: "2026-11-25",
        searched_until: "2027-01-05",
      });
    }
    if (route === "GET /admin/planner-settings/") {
      return Promise.resolve({
        settings: defaultPlannerSettings,
        defaults: defaultPlannerSettings,
        updated_at: null,
      });
    }
    state.sent.push({ method: "call", path: route, body: options?.body });
    return Promise.resolve({ ...detail, id: 8 });
  },
}));

const { AppointmentDialog } = await import("./appointment_dialog.tsx");
const { AddAppointmentDialog } = await import("./add_appointment_dialog.tsx");

afterEach(() => {
  cleanup();
  state.sent = [];
  state.refuse = null;
});

function wrap(children: React.ReactNode) {
  return render(
    <WithQueryClient>
      <ToastProvider>
        <ConfirmProvider>{children}</ConfirmProvider>
      </ToastProvider>
    </WithQueryClient>,
  );
}

function type(label: string, text: string) {
  const field = screen.getByLabelText(label, { exact: false });
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

// The field says what it cannot read beside itself; the box counts it among the marked ones.
describe("appointment forms with a field the screen cannot read", () => {
  it("'Verschieben' does not send the old date when the typed one is no real day", async () => {
    wrap(<AppointmentDialog appointmentId={7} onClose={() => {}} onChanged={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Verschieben" }));
    type("Datum", "31.02.2026");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Bitte prüfen Sie die rot markierte Angabe.")).toBeTruthy();
    expect(state.sent).toEqual([]);
    // A readable date goes out as typed.
    type("Datum", "26.11.2026");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await vi.waitFor(() => expect(state.sent.length).toBe(1));
    expect(state.sent[0].body).toMatchObject({ date: "2026-11-26", start_time: "13:00" });
  });

  it("'Verschieben' does not send the old time when the typed one is impossible", async () => {
    wrap(<AppointmentDialog appointmentId={7} onClose={() => {}} onChanged={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Verschieben" }));
    type("Uhrzeit", "25:00");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Bitte prüfen Sie die rot markierte Angabe.")).toBeTruthy();
    expect(state.sent).toEqual([]);
  });

  it("'Termin hinzufügen' does not send a date it showed as invalid", async () => {
    wrap(<AddAppointmentDialog onClose={() => {}} onAdded={() => {}} />);
    const picker = screen.getByRole("combobox", { name: "Fahrschüler" });
    fireEvent.change(picker, { target: { value: "zoe" } });
    fireEvent.mouseDown(await screen.findByRole("option", { name: "Zoe Yılmaz" }));
    fireEvent.change(screen.getByLabelText("Fahrlehrer", { exact: false }), {
      target: { value: "1" },
    });
    type("Datum", "24.11.2026");
    type("Uhrzeit", "14:00");
    type("Datum", "24.13.2026");
    fireEvent.click(screen.getByRole("button", { name: "Termin hinzufügen" }));
    expect(await screen.findByText("Bitte prüfen Sie die rot markierte Angabe.")).toBeTruthy();
    expect(state.sent).toEqual([]);
  });
});

describe("a move into the past (issue 25, point 1)", () => {
  it("asks for 'Als Nachtrag speichern' and sends the confirmation only when clicked", async () => {
    const { ApiError } = await import("../../lib/api.ts");
    const past = "Der Termin am 20.11.2026 um 13:00 liegt in der Vergangenheit. " +
      "Nur als Nachtrag speichern, wenn er so stattgefunden hat.";
    state.refuse = (body) => body.backfill ? null : new ApiError(409, past, "past_appointment");
    wrap(<AppointmentDialog appointmentId={7} onClose={() => {}} onChanged={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Verschieben" }));
    type("Datum", "20.11.2026");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText(past)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Trotzdem speichern" })).toBeNull();
    expect(state.sent.length).toBe(1);
    expect(state.sent[0].body).toMatchObject({ date: "2026-11-20", backfill: false });
    fireEvent.click(screen.getByRole("button", { name: "Als Nachtrag speichern" }));
    await vi.waitFor(() => expect(state.sent.length).toBe(2));
    expect(state.sent[1].body).toMatchObject({ date: "2026-11-20", backfill: true });
  });

  it("keeps the Nachtrag confirmed when an availability conflict follows", async () => {
    const { ApiError } = await import("../../lib/api.ts");
    state.refuse = (body) =>
      !body.backfill
        ? new ApiError(409, "liegt in der Vergangenheit", "past_appointment")
        : !body.override_availability
        ? new ApiError(409, "Tom Zimmermann ist nicht verfügbar.", "availability_conflict")
        : null;
    wrap(<AppointmentDialog appointmentId={7} onClose={() => {}} onChanged={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Verschieben" }));
    type("Datum", "20.11.2026");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    fireEvent.click(await screen.findByRole("button", { name: "Als Nachtrag speichern" }));
    fireEvent.click(await screen.findByRole("button", { name: "Trotzdem speichern" }));
    await vi.waitFor(() => expect(state.sent.length).toBe(3));
    expect(state.sent[2].body).toMatchObject({ backfill: true, override_availability: true });
  });
});

describe("'Stornieren' (issue 25)", () => {
  it("says beside the reason that the people concerned see it", async () => {
    wrap(<AppointmentDialog appointmentId={7} onClose={() => {}} onChanged={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Stornieren" }));
    const reason = screen.getByLabelText("Grund der Stornierung", { exact: false });
    const hintIds = reason.getAttribute("aria-describedby") ?? "";
    const hint = hintIds.split(" ").map((id) => document.getElementById(id)?.textContent).join(" ");
    expect(hint).toContain("Zoe Yılmaz und Tom Zimmermann sehen diesen Grund");
  });
});
