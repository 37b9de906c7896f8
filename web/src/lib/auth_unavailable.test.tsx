import { IDBFactory } from "fake-indexeddb";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { ConfirmProvider } from "../components/ui/confirm_dialog.tsx";
import { AuthProvider, useAuth } from "./auth.tsx";
import { WithQueryClient } from "./query_test_client.tsx";

/**
 * Issue 24: while the server cannot reach its database (503), the app says so and retries; it
 * does not show the login screen as if the session had ended. The network is a fetch stub (unit
 * test); the 503 itself is the API's (api/db_outage.test.ts).
 */
const outage =
  "Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einer Minute erneut.";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function Who() {
  const { user } = useAuth();
  return <p>{user ? `Angemeldet: ${user.username}` : "Nicht angemeldet"}</p>;
}

afterEach(() => cleanup());

// The offline queue keeps its data in IndexedDB, which jsdom lacks.
vi.stubGlobal("indexedDB", new IDBFactory());

it("a 503 shows the German notice and no login; a retry that succeeds shows the app", async () => {
  let databaseUp = false;
  vi.stubGlobal("fetch", (input: string) => {
    if (input === "/api/csrf/") return Promise.resolve(json(200, { csrfToken: "t" }));
    return Promise.resolve(
      databaseUp
        ? json(200, { id: 1, username: "chefin", role: "admin", first_name: "", last_name: "" })
        : json(503, { error: outage, code: "database_unavailable" }),
    );
  });
  render(
    <WithQueryClient>
      <ConfirmProvider>
        <AuthProvider>
          <Who />
        </AuthProvider>
      </ConfirmProvider>
    </WithQueryClient>,
  );
  expect(await screen.findByRole("heading", { name: "Fahrplan ist gerade nicht erreichbar" }))
    .toBeTruthy();
  expect(screen.getByText(outage)).toBeTruthy();
  expect(screen.queryByText("Nicht angemeldet")).toBeNull();

  databaseUp = true;
  fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
  expect(await screen.findByText("Angemeldet: chefin")).toBeTruthy();
});
