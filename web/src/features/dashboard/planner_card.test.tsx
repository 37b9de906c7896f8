import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SuccessStatistics } from "./planner_card.tsx";
import type { PlannerProgress } from "../../../../common/contract/planner_progress.ts";
import { phaseOf } from "./use_planner.ts";

afterEach(cleanup);

function progress(overrides: Partial<PlannerProgress> = {}): PlannerProgress {
  return {
    job_id: 1,
    kind: "full",
    status: "completed",
    progress_percent: 100,
    current_step: "Fertig",
    total_variables: 5279,
    processed_variables: 5279,
    error_message: null,
    started_at: null,
    finished_at: null,
    activity_log: [],
    appointments_created: 412,
    coverage_percent: 99.3,
    total_intervals: 5279,
    appointments_before: 0,
    improvement_percent: 0,
    students_coverage_percent: 96,
    students_with_appointments: 48,
    students_total: 50,
    avg_appointments_per_instructor: 41.2,
    instructors_total: 10,
    planning_horizon_days: 30,
    duration_minutes: 0.02,
    upper_bound: 415,
    instructors_per_month: 0,
    regular_instructors: [],
    unplanned: [],
    replan: null,
    ...overrides,
  };
}

describe("SuccessStatistics", () => {
  it("shows how many instructors a student meets a month and each one's regular instructor", () => {
    render(
      <SuccessStatistics
        p={progress({
          instructors_per_month: 1.45,
          regular_instructors: [{
            student_name: "Lena Offline",
            instructor_name: "Jörg Barsmann",
            share_percent: 87.5,
            instructors_per_month: 1.5,
          }],
        })}
      />,
    );
    expect(screen.getByText("Fahrlehrer je Schüler und Monat")).toBeTruthy();
    expect(screen.getByText("1,45")).toBeTruthy();
    expect(screen.getByText("Stammfahrlehrer je Fahrschüler (1)")).toBeTruthy();
    const row = screen.getByRole("row", { name: /Lena Offline/ });
    expect(row.textContent).toBe("Lena OfflineJörg Barsmann87,5 %1,5");
    cleanup();
    // An older result without the figure shows no tile and no list.
    render(<SuccessStatistics p={progress()} />);
    expect(screen.queryByText("Fahrlehrer je Schüler und Monat")).toBeNull();
  });

  it("below the upper bound names how many more lessons are possible at most", () => {
    render(<SuccessStatistics p={progress()} />);
    expect(document.querySelector(".planner-quality")?.textContent).toBe(
      "412 Fahrstunden geplant; höchstens 3 Fahrstunden mehr möglich (99,3 % der oberen Schranke).",
    );
    expect(document.querySelector(".planner-quality")?.textContent).not.toMatch(/optimal/);
    expect(screen.getByText("48 von 50")).toBeTruthy();
    cleanup();
    render(<SuccessStatistics p={progress({ upper_bound: 413 })} />);
    expect(document.querySelector(".planner-quality")?.textContent).toMatch(
      /höchstens 1 Fahrstunde mehr möglich/,
    );
  });

  it("at the upper bound says optimal (bewiesen)", () => {
    render(<SuccessStatistics p={progress({ upper_bound: 412, coverage_percent: 100 })} />);
    expect(document.querySelector(".planner-quality")?.textContent).toBe(
      "412 Fahrstunden geplant – optimal (bewiesen): mehr lassen die Regeln nicht zu.",
    );
  });

  it("claims nothing without a valid bound (a result written before the bound existed)", () => {
    render(<SuccessStatistics p={progress({ upper_bound: 0, coverage_percent: 0 })} />);
    const text = document.querySelector(".planner-quality")?.textContent;
    expect(text).toBe("412 Fahrstunden geplant.");
    expect(text).not.toMatch(/optimal|höchstens|Schranke/);
  });

  it("shows the improvement tile only from 50 appointments before and 5 % change", () => {
    render(
      <SuccessStatistics p={progress({ appointments_before: 60, improvement_percent: 12.5 })} />,
    );
    expect(screen.getByText("+12,5 %")).toBeTruthy();
    cleanup();
    render(
      <SuccessStatistics p={progress({ appointments_before: 49, improvement_percent: 12.5 })} />,
    );
    expect(screen.queryByText("Verbesserung")).toBeNull();
    cleanup();
    render(
      <SuccessStatistics p={progress({ appointments_before: 80, improvement_percent: 4.9 })} />,
    );
    expect(screen.queryByText("Verbesserung")).toBeNull();
  });

  it("lists what could not be planned, with the German reason", () => {
    const reason = "Höchstens 1 Fahrstunde pro Tag: zu wenige verfügbare Tage im Planungszeitraum.";
    render(
      <SuccessStatistics
        p={progress({
          unplanned: [{
            student: "S7",
            student_name: "Clara Krause",
            transmission: "manual",
            missing: 4,
            reason,
          }],
        })}
      />,
    );
    expect(screen.getByText("Clara Krause")).toBeTruthy();
    expect(screen.getByText("Schaltung")).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
  });
});

describe("phaseOf", () => {
  it("names the finished states as the card shows them", () => {
    expect(phaseOf("completed")).toBe("success");
    expect(phaseOf("failed")).toBe("error");
    expect(phaseOf("cancelled")).toBe("cancelled");
    expect(phaseOf("running")).toBe("running");
    expect(phaseOf("idle")).toBe("idle");
  });
});
