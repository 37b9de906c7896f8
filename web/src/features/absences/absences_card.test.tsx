import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";

// The stored absences arrive when the test says so: a slow first load.
const state = vi.hoisted(() => ({ deliver: (_rows: unknown[]) => {} }));
vi.mock("../../lib/load_versioned.ts", () => ({
  loadVersioned: () =>
    new Promise((resolve) => {
      state.deliver = (rows) => resolve({ rows, version: 3, pending: false });
    }),
}));
vi.mock("../../lib/offline/sync.ts", () => ({
  onApplied: () => () => {},
  saveThroughQueue: vi.fn(),
}));

const { AbsencesCard } = await import("./absences_card.tsx");

afterEach(cleanup);

describe("Urlaub & Abwesenheit", () => {
  it("keeps a row added while the stored absences are still loading", async () => {
    render(
      <WithQueryClient>
        <ToastProvider>
          <AbsencesCard />
        </ToastProvider>
      </WithQueryClient>,
    );
    fireEvent.click(screen.getByRole("button", { name: "+ Abwesenheit hinzufügen" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    state.deliver([{
      date: "2026-12-21",
      end_date: "2026-12-31",
      is_unavailable: true,
      start_time: null,
      end_time: null,
      description: "Weihnachten",
    }]);
    // The stored one and the user's new one.
    await vi.waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(2));
  });
});
