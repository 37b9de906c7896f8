/** The detail view's dated entries: sick notes and absences (dated_entries_section.tsx). */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "../../components/ui/confirm_dialog.tsx";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";
import { todayIso } from "../../lib/german_dates.ts";

const state = vi.hoisted(() => ({ posted: [] as unknown[] }));
vi.mock("../../lib/api.ts", async (importActual) => ({
  ...(await importActual<typeof import("../../lib/api.ts")>()),
  call: (route: string, options: { body?: unknown } = {}) => {
    // Absences come as { results }, sick notes as a plain list.
    if (route.startsWith("GET")) {
      return Promise.resolve(route.includes("special-dates") ? { results: [] } : []);
    }
    state.posted.push(options.body);
    return Promise.resolve({ message: "Gespeichert.", affected: 0 });
  },
}));

const { SickNotesSection } = await import("./sick_notes_section.tsx");
const { AbsencesSection } = await import("./absences_section.tsx");

afterEach(() => {
  cleanup();
  state.posted = [];
});

function type(label: string, text: string) {
  const field = screen.getByLabelText(label, { exact: false });
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

describe("Krankmeldung", () => {
  it("does not save a single day when the typed Bis is no real day", async () => {
    render(
      <WithQueryClient>
        <ToastProvider>
          <ConfirmProvider>
            <SickNotesSection id={3} />
          </ConfirmProvider>
        </ToastProvider>
      </WithQueryClient>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Krankmeldung" }));
    // Von stays today: the old Bis (today as well) would make it a one-day sick note.
    type("Bis", "31.11.2026");
    fireEvent.click(screen.getByRole("button", { name: "Krankmeldung speichern" }));
    expect(await screen.findByText("Bitte prüfen Sie die rot markierten Angaben.")).toBeTruthy();
    expect(state.posted).toEqual([]);
    type("Von", "25.11.2026");
    type("Bis", "26.11.2026");
    fireEvent.click(screen.getByRole("button", { name: "Krankmeldung speichern" }));
    await vi.waitFor(() =>
      expect(state.posted).toEqual([{ from: "2026-11-25", to: "2026-11-26" }])
    );
  });
});

describe("Krankmeldung for a later day", () => {
  it("moves Bis along when Von is typed past it, so a one-day sick note saves as typed (walk of issue 25)", async () => {
    render(
      <WithQueryClient>
        <ToastProvider>
          <ConfirmProvider>
            <SickNotesSection id={3} />
          </ConfirmProvider>
        </ToastProvider>
      </WithQueryClient>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Krankmeldung" }));
    // Both fields open on today; the office calls in sick for a day four days ahead.
    const later = new Date(`${todayIso()}T12:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 4);
    const iso = later.toISOString().slice(0, 10);
    type("Von", `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`);
    fireEvent.click(screen.getByRole("button", { name: "Krankmeldung speichern" }));
    await vi.waitFor(() => expect(state.posted).toEqual([{ from: iso, to: iso }]));
    expect(screen.queryByText("Das Enddatum darf nicht vor dem Anfangsdatum liegen.")).toBeNull();
  });
});

describe("Abwesenheit eintragen (admin)", () => {
  it("does not save a one-day absence when the typed last day is no real day", async () => {
    render(
      <WithQueryClient>
        <ToastProvider>
          <ConfirmProvider>
            <AbsencesSection id={7} />
          </ConfirmProvider>
        </ToastProvider>
      </WithQueryClient>,
    );
    expect(await screen.findByText("Keine Abwesenheiten eingetragen.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Abwesenheit eintragen" }));
    type("Erster Tag", "24.11.2026");
    // An empty last day means "only the first day": a mistyped one must not become that.
    type("Letzter Tag", "31.11.2026");
    fireEvent.click(screen.getByRole("button", { name: "Abwesenheit speichern" }));
    expect(await screen.findByText("Bitte prüfen Sie die rot markierten Angaben.")).toBeTruthy();
    expect(state.posted).toEqual([]);
    type("Letzter Tag", "27.11.2026");
    fireEvent.click(screen.getByRole("button", { name: "Abwesenheit speichern" }));
    await vi.waitFor(() =>
      expect(state.posted).toEqual([{
        user_id: 7,
        date: "2026-11-24",
        end_date: "2026-11-27",
        is_unavailable: true,
        start_time: null,
        end_time: null,
        description: "",
      }])
    );
  });
});
