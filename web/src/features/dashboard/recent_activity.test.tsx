import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ActivityLines } from "./recent_activity.tsx";

afterEach(cleanup);

const now = new Date("2026-11-23T14:30:00Z");

describe("ActivityLines", () => {
  it("shows the server's lines with German relative times, who, and '+ N weitere'", () => {
    render(
      <MemoryRouter>
        <ActivityLines
          now={now}
          answer={{
            results: [
              {
                id: 3,
                summary: "Planung fehlgeschlagen: Die Daten ergeben keine gültige Planungsaufgabe",
                actor_name: "System",
                action: "planner.failed",
                created_at: "2026-11-23T14:25:00Z",
              },
              {
                id: 2,
                summary: "12 Fahrschüler und 340 Termine gelöscht.",
                actor_name: "Anna Chef",
                action: "bulk_delete.students",
                created_at: "2026-11-22T09:00:00Z",
              },
            ],
            total: 14,
            more: 12,
          }}
        />
      </MemoryRouter>,
    );
    const items = screen.getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "Planung fehlgeschlagen: Die Daten ergeben keine gültige Planungsaufgabevor 5 Minuten · System",
      "12 Fahrschüler und 340 Termine gelöscht.gestern · Anna Chef",
    ]);
    expect(items[0].className).toContain("activity-error");
    expect(items[1].className).toContain("activity-warning");
    // The rest of the log opens on its own page (issue 25, point 10).
    const more = screen.getByRole("link", { name: "+ 12 weitere" });
    expect(more.getAttribute("href")).toBe("/aktivitaeten");
  });

  it("says so when there is nothing yet", () => {
    render(<ActivityLines now={now} answer={{ results: [], total: 0, more: 0 }} />);
    expect(screen.getByText("Noch keine Aktivitäten.")).toBeTruthy();
  });
});
