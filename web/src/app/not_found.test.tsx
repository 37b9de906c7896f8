import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "../lib/api.ts";
import { WithQueryClient } from "../lib/query_test_client.tsx";
import { ConfirmProvider } from "../components/ui/confirm_dialog.tsx";

// Issue 25, point 15: an unknown address says so in German, with a way back, instead of landing
// silently on the dashboard.
const auth = vi.hoisted(() => ({ user: null as User | null }));
vi.mock("../lib/auth.tsx", () => ({ useAuth: () => ({ user: auth.user }) }));

const { AppRoutes } = await import("./routes.tsx");

afterEach(() => {
  cleanup();
  auth.user = null;
});

function at(path: string) {
  return render(
    <WithQueryClient>
      <ConfirmProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </ConfirmProvider>
    </WithQueryClient>,
  );
}

function admin(): User {
  return {
    id: 1,
    username: "chefin",
    first_name: "Clara",
    last_name: "Chef",
    email: "",
    role: "admin",
    is_staff: true,
    must_change_password: false,
  };
}

describe("an unknown address", () => {
  it("shows 'Seite nicht gefunden' with a link to the dashboard for staff", async () => {
    auth.user = admin();
    at("/gibtsnicht");
    // The routes' screens are lazy chunks: the first test loads them, which took over a second
    // (the default wait) while the Deno and browser tests ran beside (a fresh-clone run).
    expect(
      await screen.findByRole("heading", { name: "Seite nicht gefunden" }, { timeout: 10_000 }),
    )
      .toBeTruthy();
    expect(screen.getByText(/\/gibtsnicht/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zum Dashboard" }).getAttribute("href")).toBe(
      "/admin-panel",
    );
    expect(document.title).toContain("Seite nicht gefunden");
  });

  it("offers the sign-in to a visitor", async () => {
    at("/gibtsnicht/auch/nicht");
    expect(await screen.findByRole("heading", { name: "Seite nicht gefunden" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zur Anmeldung" }).getAttribute("href")).toBe(
      "/login",
    );
  });
});
