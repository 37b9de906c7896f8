import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NoNewLessons, SuccessStatistics } from "./planner_card.tsx";
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
    students_active: 50,
    avg_appointments_per_instructor: 41.2,
    instructors_total: 10,
    planning_horizon_days: 30,
    duration_minutes: 0.02,
    upper_bound: 415,
    instructors_per_month: 0,
    min_instructor_share_percent: 0,
    max_instructor_share_percent: 0,
    regular_instructors: [],
    unplanned: [],
    exams_at_risk: [],
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

  it("shows the lowest and highest instructor share, none for an older result", () => {
    render(
      <SuccessStatistics
        p={progress({ min_instructor_share_percent: 42, max_instructor_share_percent: 71.4 })}
      />,
    );
    expect(screen.getByText("Fahrlehrer-Auslastung")).toBeTruthy();
    expect(screen.getByText("42–71,4 %")).toBeTruthy();
    expect(screen.getByText("niedrigste 42 %, höchste 71,4 %")).toBeTruthy();
    cleanup();
    render(<SuccessStatistics p={progress()} />);
    expect(screen.queryByText("Fahrlehrer-Auslastung")).toBeNull();
  });

  it("says so where the planner's time limit cut a search short", () => {
    render(<SuccessStatistics p={progress()} />);
    expect(screen.queryByText("Zeitlimit erreicht.")).toBeNull();
    cleanup();
    const line =
      "12:00:01 Zeitlimit erreicht: die Suche wurde vorzeitig beendet, der Plan ist gültig";
    render(<SuccessStatistics p={progress({ activity_log: [line] })} />);
    expect(screen.getByText("Zeitlimit erreicht.")).toBeTruthy();
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

describe("SuccessStatistics: Ausbildung", () => {
  it("lists the students whose exam is at risk, with date, what is open and why", () => {
    const reason = "Prüfung am 05.03.: vorher keine gemeinsame freie Zeit für die Nachtfahrt.";
    render(
      <SuccessStatistics
        p={progress({
          exams_at_risk: [{
            student_name: "Cem Cakir",
            exam_at: "2027-03-05T08:00",
            missing_lessons: 2,
            missing_units: 3,
            reason,
          }],
        })}
      />,
    );
    expect(screen.getByText("Prüfung gefährdet: 1 Fahrschüler")).toBeTruthy();
    expect(screen.getByText("05.03.2027, 08:00")).toBeTruthy();
    expect(screen.getByText("2 Fahrstunden, 3 Einheiten Sonderfahrten")).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
  });

  it("names the kind of a special drive that could not be planned, in units", () => {
    render(
      <SuccessStatistics
        p={progress({
          unplanned: [
            {
              student: "S7",
              student_name: "Clara Krause",
              transmission: "manual",
              kind: "night",
              missing: 3,
              reason:
                "Nachtfahrt: im Juni ist es erst ab 22:39 dunkel; Fahrlehrer arbeiten bis 20:00.",
            },
            {
              student: "S7",
              student_name: "Clara Krause",
              transmission: "manual",
              kind: "overland",
              missing: 5,
              reason: "Überlandfahrt: …",
            },
          ],
        })}
      />,
    );
    expect(screen.getByText("Nachtfahrt")).toBeTruthy();
    expect(screen.getByText("3 Einheiten")).toBeTruthy();
    expect(screen.getByText("Überlandfahrt")).toBeTruthy();
  });
});

describe("NoNewLessons (issue 25: a run without new lessons names the real cause)", () => {
  const none = { appointments_created: 0, upper_bound: 0 };

  it("with students still short of lessons, says so and lists them with the reason", () => {
    render(
      <NoNewLessons
        p={progress({
          ...none,
          unplanned: [{
            student: "S1",
            student_name: "Lena Becker",
            transmission: "manual",
            missing: 3,
            reason: "Die passenden Fahrlehrer sind zu den verfügbaren Zeiten bereits ausgebucht.",
          }],
        })}
      />,
    );
    expect(document.body.textContent).toContain(
      "Es waren keine weiteren Fahrstunden möglich: 1 Fahrschüler hat noch offenen Bedarf.",
    );
    expect(document.body.textContent).not.toContain("alle Bedarfe sind bereits verplant");
    expect(screen.getByText("Lena Becker")).toBeTruthy();
  });

  it("with no students at all, says that none are entered yet", () => {
    render(<NoNewLessons p={progress({ ...none, students_total: 0, students_active: 0 })} />);
    expect(document.body.textContent).toContain("Noch keine Fahrschüler angelegt");
    expect(document.body.textContent).not.toContain("alle Bedarfe sind bereits verplant");
  });

  it("with no instructors, says that none can teach", () => {
    render(<NoNewLessons p={progress({ ...none, instructors_total: 0 })} />);
    expect(document.body.textContent).toContain("Keine aktiven Fahrlehrer");
  });

  it("only when every need is planned says so", () => {
    render(<NoNewLessons p={progress({ ...none, students_total: 0, students_active: 12 })} />);
    expect(document.body.textContent).toContain(
      "Keine Fahrschüler mit offenem Bedarf: alle Bedarfe sind bereits verplant.",
    );
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
