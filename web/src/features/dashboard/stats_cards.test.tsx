import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FairnessCard } from "./fairness_card.tsx";
import type { FairnessStats, WorkloadStats } from "../../../../common/contract/dashboard_stats.ts";
import { WorkloadCard } from "./workload_card.tsx";
import { SystemOverview } from "./system_overview.tsx";

afterEach(cleanup);

const fairness: FairnessStats = {
  distribution: { "0-20%": 1, "21-40%": 0, "41-60%": 2, "61-80%": 3, "81-100%": 4 },
  students_without_need: 2,
  students_with_appointments: 9,
  students_with_appointments_percent: 90,
  students_without_appointments: 1,
  students_without_appointments_percent: 10,
  avg_appointments_total: 3.5,
  avg_appointments_with_appointments: 3.89,
  fairness_score: 1.75,
};

const workload: WorkloadStats = {
  distribution: { "0": 0, "1-10": 1, "11-20": 0, "21-30": 0, "31-40": 1, "41+": 0 },
  instructors_with_appointments: 2,
  instructors_with_appointments_percent: 100,
  instructors_without_appointments: 0,
  instructors_without_appointments_percent: 0,
  avg_appointments_total: 20,
  avg_appointments_with_appointments: 20,
  min_appointments: 5,
  max_appointments: 35,
  top_instructors: [],
  avg_utilization_percent: 45,
  utilization_distribution: {
    "0%": 0,
    "1-20%": 1,
    "21-40%": 0,
    "41-60%": 0,
    "61-80%": 1,
    "81-100%": 0,
  },
  top_instructors_by_utilization: [
    {
      first_name: "Anna",
      last_name: "Berg",
      username: "anna.berg",
      utilization_percent: 70,
      appointments_count: 35,
    },
    {
      first_name: "",
      last_name: "",
      username: "bernd",
      utilization_percent: 20,
      appointments_count: 5,
    },
  ],
};

describe("FairnessCard", () => {
  it("colours the share tile green above 80 % and explains the score", () => {
    render(<FairnessCard stats={fairness} />);
    const tile = screen.getByTestId("fairness-share");
    expect(tile.className).toContain("stat-tile-success");
    expect(tile.textContent).toContain("90 %");
    expect(tile.textContent).toContain("9 von 10");
    expect(
      screen.getByText(
        "Standardabweichung der Termine je Fahrschüler – je kleiner, desto gleichmäßiger",
      ),
    ).toBeTruthy();
    expect(screen.getByText("81–100 % des Bedarfs verplant: 4 Fahrschüler")).toBeTruthy();
  });

  it("shows dashes and no chart before the figures are loaded", () => {
    render(<FairnessCard stats={null} />);
    expect(screen.getByTestId("fairness-share").textContent).toContain("–");
    expect(screen.getByTestId("fairness-share").className).not.toMatch(/stat-tile-(success|error)/);
    expect(screen.queryByTestId("fairness-distribution")).toBeNull();
  });
});

describe("FairnessCard's chart (issue 25, point 11)", () => {
  it("buckets students by the share of their need, and names those without need", () => {
    render(<FairnessCard stats={fairness} />);
    const chart = screen.getByTestId("fairness-distribution");
    expect(chart.querySelector("figcaption")?.textContent).toBe(
      "Fahrschüler nach verplantem Anteil ihres Bedarfs",
    );
    expect([...chart.querySelectorAll(".sr-only")].map((e) => e.textContent)).toEqual([
      "0–20 % des Bedarfs verplant: 1 Fahrschüler",
      "21–40 % des Bedarfs verplant: 0 Fahrschüler",
      "41–60 % des Bedarfs verplant: 2 Fahrschüler",
      "61–80 % des Bedarfs verplant: 3 Fahrschüler",
      "81–100 % des Bedarfs verplant: 4 Fahrschüler",
    ]);
    expect([...chart.querySelectorAll(".bar-chart-label")].map((e) => e.textContent)).toEqual([
      "0–20 %",
      "21–40 %",
      "41–60 %",
      "61–80 %",
      "81–100 %",
    ]);
    expect(screen.getByTestId("fairness-without-need").textContent).toBe(
      "2 Fahrschüler ohne offenen Bedarf sind nicht gezählt.",
    );
  });
});

describe("WorkloadCard", () => {
  it("labels each instructor's utilization good, moderate or low", () => {
    render(<WorkloadCard stats={workload} />);
    expect(screen.getByTestId("workload-utilization").className).toContain("stat-tile-warning");
    const rows = screen.getByTestId("workload-top-utilization").querySelectorAll("li");
    expect(rows[0].textContent).toContain("Anna Berg");
    expect(rows[0].querySelector(".badge")?.textContent).toBe("gut");
    expect(rows[0].querySelector(".badge")?.className).toContain("badge-success");
    // Without a name, the username stands in.
    expect(rows[1].textContent).toContain("bernd");
    expect(rows[1].querySelector(".badge")?.textContent).toBe("niedrig");
    expect(screen.getByTestId("workload-top-lessons").textContent).toContain(
      "keine Fahrstunden geplant",
    );
  });
});

describe("what each tile counts (issue 11)", () => {
  /** The 'counts' line of every tile in the rendered card, by the tile's label. */
  function countsLines(container: HTMLElement, tile: string, label: string, counts: string) {
    return [...container.querySelectorAll(tile)].map((el) => [
      el.querySelector(label)?.textContent,
      el.querySelector(counts)?.textContent ?? "",
    ]);
  }

  it("every fairness and workload tile names its basis: the next 30 days, no cancelled ones", () => {
    const { container } = render(
      <>
        <FairnessCard stats={fairness} />
        <WorkloadCard stats={workload} />
      </>,
    );
    const lines = countsLines(container, ".stat-tile", ".stat-tile-label", ".stat-tile-counts");
    expect(lines.length).toBe(8);
    for (const [label, counts] of lines) {
      expect(counts, String(label)).toContain("nächste 30 Tage");
    }
    expect(Object.fromEntries(lines)["Fahrschüler mit Terminen"]).toBe(
      "Aktive Fahrschüler mit Fahrstunden · nächste 30 Tage, ohne stornierte",
    );
    // The card says how utilization is computed, and that the instructors list agrees.
    expect(container.textContent).toContain(
      "Geplante Fahrstunden ÷ verfügbare Arbeitsstunden der nächsten 30 Tage",
    );
  });

  it("the system overview says its counts are not limited to 30 days", () => {
    const { container } = render(
      <SystemOverview
        stats={{
          students: 7,
          instructors: 4,
          appointments: 25,
          availabilities: 9,
          appointments_stored: 25,
          appointments_future: 20,
        }}
      />,
    );
    const lines = Object.fromEntries(
      countsLines(container, ".stat", ".stat-label", ".stat-counts"),
    );
    expect(lines).toEqual({
      "Fahrschüler": "Aktive Fahrschüler",
      "Fahrlehrer": "Aktive Fahrlehrer",
      "Termine": "Alle Termine, vergangene und kommende, ohne stornierte",
      "Verfügbarkeiten": "Alle eingetragenen Zeitfenster aller Personen",
    });
  });
});
