import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "../../components/ui/confirm_dialog.tsx";
import { ToastProvider } from "../../components/ui/toast.tsx";

const state = vi.hoisted(() => ({ posted: [] as unknown[] }));
vi.mock("../../lib/api.ts", async (importActual) => ({
  ...(await importActual<typeof import("../../lib/api.ts")>()),
  api: {
    get: () => Promise.resolve({ results: [] }),
    post: (_path: string, body: unknown) => {
      state.posted.push(body);
      return Promise.resolve({ message: "Abwesenheit gespeichert.", affected: 0 });
    },
  },
}));

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

describe("Abwesenheit eintragen (admin)", () => {
  it("does not save a one-day absence when the typed last day is no real day", async () => {
    render(
      <ToastProvider>
        <ConfirmProvider>
          <AbsencesSection id={7} />
        </ConfirmProvider>
      </ToastProvider>,
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
