import { IDBFactory } from "fake-indexeddb";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";
import { AbsencesCard } from "./absences_card.tsx";

/**
 * Issue 21: the card loads through TanStack Query, so coming back to the window shows what the
 * user saved on another device meanwhile (the hand-rolled load ran once, and the card went on
 * showing the old entries until a reload). The network is a fetch stub (unit test of the card);
 * the offline queue keeps its data in IndexedDB, which jsdom lacks.
 */
vi.stubGlobal("indexedDB", new IDBFactory());

afterEach(cleanup);

function absence(id: number, description: string) {
  return {
    id,
    date: "2027-03-01",
    end_date: "2027-03-05",
    is_unavailable: true,
    start_time: null,
    end_time: null,
    description,
  };
}

/** The server's stored absences; each GET answers the current ones with their version. */
let stored = { rows: [absence(1, "Skiurlaub")], version: 4 };
let loads = 0;

vi.stubGlobal("fetch", (input: string) => {
  if (input === "/api/my-special-dates/") {
    loads++;
    return Promise.resolve(
      new Response(JSON.stringify(stored.rows), {
        status: 200,
        headers: { "Content-Type": "application/json", ETag: `W/"${stored.version}"` },
      }),
    );
  }
  return Promise.resolve(new Response("{}", { status: 404 }));
});

function backToTheWindow() {
  globalThis.dispatchEvent(new Event("visibilitychange"));
}

function openCard() {
  render(
    <WithQueryClient>
      <ToastProvider>
        <AbsencesCard />
      </ToastProvider>
    </WithQueryClient>,
  );
}

describe("Urlaub & Abwesenheit, loaded through the query library", () => {
  it("shows an absence saved on another device when the window gets the focus back", async () => {
    stored = { rows: [absence(1, "Skiurlaub")], version: 4 };
    openCard();
    expect(await screen.findByDisplayValue("Skiurlaub")).toBeTruthy();

    // Saved on the phone meanwhile.
    stored = { rows: [absence(2, "Klassenfahrt")], version: 5 };
    backToTheWindow();

    expect(await screen.findByDisplayValue("Klassenfahrt")).toBeTruthy();
    expect(screen.queryByDisplayValue("Skiurlaub")).toBeNull();
  });

  it("keeps unsaved edits when the window gets the focus back", async () => {
    stored = { rows: [absence(1, "Skiurlaub")], version: 4 };
    openCard();
    fireEvent.change(await screen.findByDisplayValue("Skiurlaub"), {
      target: { value: "Skiurlaub in Tirol" },
    });
    const before = loads;
    stored = { rows: [absence(2, "Klassenfahrt")], version: 5 };
    backToTheWindow();

    await vi.waitFor(() => expect(loads).toBe(before + 1));
    // The user's typing stays; the save's version stays 4, so the server reports the conflict.
    expect(screen.getByDisplayValue("Skiurlaub in Tirol")).toBeTruthy();
    expect(screen.queryByDisplayValue("Klassenfahrt")).toBeNull();
  });
});
