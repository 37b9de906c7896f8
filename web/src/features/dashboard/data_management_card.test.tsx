import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "../../components/ui/confirm_dialog.tsx";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { DataManagementCard } from "./data_management_card.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";

/** The network is a fetch stub; each call is kept with its method, path and body. */
interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[] = [];

function stubServer(status: number, body: unknown) {
  calls = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit = {}) => {
    const answer = url === "/api/csrf/" ? { csrfToken: "t" } : body;
    if (url !== "/api/csrf/") {
      calls.push({
        method: init.method ?? "GET",
        url,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      });
    }
    return Promise.resolve(
      new Response(JSON.stringify(answer), {
        status: url === "/api/csrf/" ? 200 : status,
        headers: { "Content-Type": "application/json" },
      }),
    );
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(onDeleted = vi.fn()) {
  render(
    <WithQueryClient>
      <ToastProvider>
        <ConfirmProvider>
          <DataManagementCard
            stats={{
              students: 12,
              instructors: 3,
              appointments: 340,
              availabilities: 9,
              appointments_stored: 352,
              appointments_future: 7,
            }}
            onDeleted={onDeleted}
          />
        </ConfirmProvider>
      </ToastProvider>
    </WithQueryClient>,
  );
  return onDeleted;
}

const phrase = "Ja, unwiderruflich löschen";

async function confirmTyped(text: string) {
  const dialog = await screen.findByRole("dialog");
  fireEvent.change(screen.getByLabelText(/Geben Sie zur Bestätigung/), {
    target: { value: text },
  });
  return dialog;
}

describe("DataManagementCard", () => {
  it("deletes all students only after the typed confirmation and toasts the counts", async () => {
    stubServer(200, { message: "12 Fahrschüler und 340 Termine gelöscht." });
    const onDeleted = renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Fahrschüler löschen" }));
    const dialog = await confirmTyped("Ja, unwiderruflich");
    expect(dialog.textContent).toContain("Es werden alle 12 Fahrschüler endgültig gelöscht");
    const button = screen.getByRole("button", { name: "Endgültig löschen" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(calls).toEqual([]);
    await confirmTyped(phrase);
    fireEvent.click(button);
    expect(await screen.findByText("12 Fahrschüler und 340 Termine gelöscht.")).toBeTruthy();
    expect(calls).toEqual([{
      method: "DELETE",
      url: "/api/admin/bulk-delete/students/",
      body: { delete_all: true, confirmation: phrase },
    }]);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
  });

  it("sends only_future for 'Nur zukünftige Termine'; cancelling sends nothing", async () => {
    stubServer(200, { message: "4 zukünftige Termine gelöscht." });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Termine löschen" }));
    await screen.findByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByLabelText("Nur zukünftige Termine"));
    fireEvent.click(screen.getByRole("button", { name: "Termine löschen" }));
    const dialog = await confirmTyped(phrase);
    expect(dialog.textContent).toContain(
      "Es werden alle 7 zukünftigen Termine endgültig gelöscht. Vergangene Termine bleiben erhalten.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Endgültig löschen" }));
    expect(await screen.findByText("4 zukünftige Termine gelöscht.")).toBeTruthy();
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ["/api/admin/bulk-delete/appointments/", {
        delete_all: true,
        confirmation: phrase,
        only_future: true,
      }],
    ]);
  });

  it("shows 'Fehler: ' and the server's message when the delete fails", async () => {
    stubServer(409, {
      error: "Während eine Planung läuft, kann nichts gelöscht werden.",
      code: "planner_busy",
    });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Fahrlehrer löschen" }));
    await confirmTyped(phrase);
    fireEvent.click(screen.getByRole("button", { name: "Endgültig löschen" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "Fehler: Während eine Planung läuft, kann nichts gelöscht werden.",
    );
  });
});

describe("the confirmation's count", () => {
  it("says how many, in singular for one and without 'alle' for none", async () => {
    const { counted } = await import("./data_management_card.tsx");
    expect(counted(1, "Termin", "Termine")).toBe("Es wird 1 Termin");
    expect(counted(0, "Termin", "Termine")).toBe("Es werden 0 Termine");
    expect(counted(1200, "Termin", "Termine")).toBe("Es werden alle 1.200 Termine");
    expect(counted(undefined, "Termin", "Termine")).toBe("Es werden alle Termine");
  });
});
