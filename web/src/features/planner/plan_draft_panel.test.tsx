import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "../../components/ui/confirm_dialog.tsx";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";
import { PlanDraftPanel } from "./plan_draft_panel.tsx";

/** The writes the panel sent, by method and path; the network is a fetch stub. */
let writes: string[] = [];

function stubServer() {
  writes = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    if (method !== "GET") writes.push(`${method} ${url}`);
    const answer = url === "/api/csrf/"
      ? { csrfToken: "t" }
      : url.endsWith("/publish-plan/")
      ? { message: "Plan veröffentlicht: 42 Fahrstunden für 18 Personen.", lessons: 42, people: 18 }
      : {
        lessons: 42,
        students: 12,
        instructors: 6,
        first_day: "2026-12-01",
        last_day: "2026-12-30",
      };
    return Promise.resolve(
      new Response(JSON.stringify(answer), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
    );
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPanel() {
  render(
    <WithQueryClient>
      <ToastProvider>
        <ConfirmProvider>
          <PlanDraftPanel running={false} />
        </ConfirmProvider>
      </ToastProvider>
    </WithQueryClient>,
  );
}

describe("Plan veröffentlichen", () => {
  it("asks first, saying how many lessons go live and how many people are told", async () => {
    stubServer();
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Plan veröffentlichen" }));
    const dialog = await screen.findByRole("dialog", { name: "Plan veröffentlichen?" });
    expect(dialog.textContent).toContain(
      "42 Fahrstunden veröffentlichen? 18 Personen werden benachrichtigt.",
    );
    expect(writes).toEqual([]);
    // "Abbrechen" publishes nothing.
    fireEvent.click(screen.getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes).toEqual([]);
  });

  it("publishes after the yes and keeps the success message in sight for seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubServer();
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Plan veröffentlichen" }));
    const dialog = await screen.findByRole("dialog", { name: "Plan veröffentlichen?" });
    fireEvent.click(
      Array.from(dialog.querySelectorAll("button")).find((b) =>
        b.textContent === "Veröffentlichen"
      )!,
    );
    const toast = await screen.findByText("Plan veröffentlicht: 42 Fahrstunden für 18 Personen.");
    expect(writes).toEqual(["POST /api/admin/publish-plan/"]);
    // The walker looked 2.5 s after the click: the message must still stand well after that.
    act(() => vi.advanceTimersByTime(5000));
    expect(toast.isConnected).toBe(true);
  });
});
