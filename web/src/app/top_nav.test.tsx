import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "../lib/api.ts";
import { ToastProvider } from "../components/ui/toast.tsx";

const auth = vi.hoisted(() => ({ user: null as User | null, flagsOn: true }));
vi.mock("../lib/auth.tsx", () => ({
  useAuth: () => ({ user: auth.user, logout: async () => {} }),
}));
vi.mock("../lib/feature_flags.ts", () => ({ isEnabled: () => auth.flagsOn }));

const { TopNav } = await import("./top_nav.tsx");

function user(role: User["role"], extra: Partial<User> = {}): User {
  return {
    id: 1,
    username: `${role}-user`,
    first_name: "",
    last_name: "",
    email: "",
    role,
    is_staff: role === "admin",
    must_change_password: false,
    ...extra,
  };
}

function renderAt(path: string) {
  return render(
    <ToastProvider>
      <MemoryRouter initialEntries={[path]}>
        <TopNav />
      </MemoryRouter>
    </ToastProvider>,
  );
}

const linkNames = () =>
  within(screen.getByRole("navigation", { name: "Hauptnavigation" }))
    .queryAllByRole("link")
    .map((a) => a.textContent);

beforeEach(() => {
  auth.user = null;
  auth.flagsOn = true;
});
afterEach(cleanup);

describe("TopNav", () => {
  it("gives staff Dashboard, Termine, Übersicht, Kalender, Verfügbarkeit and the Verwaltung menu", () => {
    auth.user = user("admin", { first_name: "Jana", last_name: "Krüger" });
    renderAt("/appointments");
    expect(linkNames()).toEqual([
      "Dashboard",
      "Termine",
      "Übersicht",
      "Kalender",
      "Verfügbarkeit",
    ]);
    expect(screen.getByRole("link", { name: "Termine" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Verwaltung/ }));
    expect(linkNames()).toContain("Fahrlehrer");
    expect(linkNames()).toContain("Einstellungen");
    expect(
      screen.getByRole("link", { name: "Fahrplan KI-Fahrstundenplanung – Startseite" })
        .getAttribute("href"),
    ).toBe(
      "/admin-panel",
    );
    expect(screen.getByRole("img", { name: "admin-user" }).textContent).toBe("JK");
  });

  it("gives other users only Kalender and Verfügbarkeit, and a logo linking to /", () => {
    auth.user = user("student");
    renderAt("/kalender");
    expect(linkNames()).toEqual(["Kalender", "Verfügbarkeit"]);
    expect(screen.queryByRole("button", { name: /Verwaltung/ })).toBeNull();
    expect(
      screen.getByRole("link", { name: "Fahrplan KI-Fahrstundenplanung – Startseite" })
        .getAttribute("href"),
    ).toBe(
      "/",
    );
    expect(screen.getByRole("button", { name: "Abmelden" }).getAttribute("title")).toBe(
      "Abmelden",
    );
  });

  it("shows visitors no entries but an 'Anmelden' link", () => {
    renderAt("/impressum");
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.getByRole("link", { name: "Anmelden" }).getAttribute("href")).toBe("/login");
  });

  it("renders no entries and no theme toggle with every feature flag off", () => {
    auth.user = user("admin");
    auth.flagsOn = false;
    renderAt("/admin-panel");
    // Only the unflagged management screens remain, inside the Verwaltung menu.
    expect(linkNames()).toEqual([]);
    expect(screen.queryByRole("button", { name: /Design aktivieren/ })).toBeNull();
    auth.user = user("student");
    cleanup();
    renderAt("/kalender");
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("opens and closes the mobile menu with its toggle", () => {
    auth.user = user("student");
    renderAt("/kalender");
    const list = screen.getByRole("list");
    expect(list.className).not.toContain("is-open");
    fireEvent.click(screen.getByRole("button", { name: "Menü öffnen" }));
    expect(list.className).toContain("is-open");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(list.className).not.toContain("is-open");
  });
});

describe("the user menu (issue 23)", () => {
  it("opens from the avatar and offers 'Passwort ändern' in a dialog", () => {
    auth.user = user("student", { first_name: "Lena", last_name: "Lernt" });
    renderAt("/kalender");
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Benutzermenü von Lena Lernt" }));
    fireEvent.click(screen.getByRole("button", { name: "Passwort ändern" }));
    const dialog = screen.getByRole("dialog", { name: "Passwort ändern" });
    expect(within(dialog).getByLabelText("Aktuelles Passwort")).toBeTruthy();
    expect(within(dialog).getByLabelText("Neues Passwort")).toBeTruthy();
    expect(within(dialog).getByLabelText("Neues Passwort wiederholen")).toBeTruthy();
  });
});
