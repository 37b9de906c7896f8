import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WithQueryClient } from "../../lib/query_test_client.tsx";
import { LastRunResult } from "./last_run.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let answered = 0;

/** The server's answer to GET /admin/last-planner-run/, by a fetch stub. */
function serve(run: unknown) {
  answered = 0;
  vi.stubGlobal("fetch", (url: string) => {
    if (url.endsWith("/last-planner-run/")) answered++;
    return Promise.resolve(
      new Response(JSON.stringify(url.endsWith("/last-planner-run/") ? { run } : {}), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
    );
  });
}

const reason = "Die Verfügbarkeiten von Fahrschüler und Fahrlehrern überschneiden sich nicht.";

describe("LastRunResult", () => {
  it("shows the last run's count and each reason after a reload", async () => {
    serve({
      job_id: 9,
      kind: "full",
      status: "completed",
      finished_at: "2026-11-28T07:12:00Z",
      appointments_created: 440,
      unplanned: [
        { student: "1", student_name: "Lena Becker", transmission: "manual", missing: 3, reason },
        {
          student: "2",
          student_name: "Max Roth",
          transmission: "automatic",
          kind: "night",
          missing: 2,
          reason: "Keine Nachtstunden frei.",
        },
      ],
      exams_at_risk: [],
    });
    render(
      <WithQueryClient>
        <LastRunResult />
      </WithQueryClient>,
    );
    const region = await screen.findByRole("region", { name: "Letzte Planung" });
    expect(region.textContent).toContain(
      "Letzte Planung vom 28.11.2026, 08:12 Uhr: 440 Fahrstunden",
    );
    expect(screen.getByText("Nicht vollständig geplant: 2 Bedarfe")).toBeTruthy();
    expect(screen.getByRole("row", { name: /Lena Becker/ }).textContent).toContain(reason);
    expect(screen.getByRole("row", { name: /Max Roth/ }).textContent).toContain("Nachtfahrt");
  });

  it("shows nothing when the latest run is not a finished full run", async () => {
    serve(null);
    const { container } = render(
      <WithQueryClient>
        <LastRunResult />
      </WithQueryClient>,
    );
    // The answer arrives, and still nothing stands there.
    await vi.waitFor(() => expect(answered).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.textContent).toBe("");
  });
});
