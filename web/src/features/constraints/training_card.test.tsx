import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TrainingCard } from "./training_card.tsx";
import { defaultTraining } from "../../../../common/contract/planner_settings.ts";

afterEach(cleanup);

describe("TrainingCard", () => {
  it("changes the lesson length, the double lessons and the location", () => {
    const seen: (typeof defaultTraining)[] = [];
    render(<TrainingCard value={defaultTraining} onChange={(next) => seen.push(next)} />);
    fireEvent.change(screen.getByLabelText("Länge einer Fahrstunde"), { target: { value: "60" } });
    fireEvent.click(screen.getByLabelText("Sonderfahrten als Doppelstunde (90 Min.)"));
    fireEvent.change(screen.getByLabelText("Breitengrad"), { target: { value: "48.14" } });
    // A new school starts at 45 minutes (issue 22).
    expect(seen.map((t) => t.lessonMinutes)).toEqual([60, 45, 45]);
    expect(seen[1].specialDrivesDouble).toBe(false);
    expect(seen[2].location).toEqual({ lat: 48.14, lon: 7.47 });
  });
});

describe("TrainingCard pickup change and automatic release", () => {
  it("edits the change time, the lessons before special drives and one car a day", () => {
    const seen: (typeof defaultTraining)[] = [];
    render(<TrainingCard value={defaultTraining} onChange={(next) => seen.push(next)} />);
    fireEvent.change(screen.getByLabelText("Wechselzeit zwischen Treffpunkten (Min.)"), {
      target: { value: "15" },
    });
    fireEvent.change(screen.getByLabelText("Sonderfahrten freigeben nach Fahrstunden"), {
      target: { value: "12" },
    });
    fireEvent.change(screen.getByLabelText("Ein Fahrzeug pro Fahrlehrer und Tag"), {
      target: { value: "hard" },
    });
    expect(seen[2].vehiclePerDay).toBe("hard");
    expect(seen[0].pickupChangeMinutes).toBe(15);
    expect(seen[1].specialDrivesAfterLessons).toBe(12);
  });
});

describe("TrainingCard badge", () => {
  it("is a school setting, not a second 'Immer aktiv' rule (the screen shows that once)", () => {
    render(<TrainingCard value={defaultTraining} onChange={() => {}} />);
    expect(screen.getByText("Schuleinstellung")).toBeTruthy();
    expect(screen.queryByText("Immer aktiv")).toBeNull();
  });
});

describe("TrainingCard double lessons", () => {
  it("switches ordinary double lessons on, named with twice the lesson length", () => {
    const seen: (typeof defaultTraining)[] = [];
    const { rerender } = render(
      <TrainingCard value={defaultTraining} onChange={(next) => seen.push(next)} />,
    );
    const box = screen.getByLabelText(
      "Fahrstunden als Doppelstunden planen (90 Minuten), wo es keine Stunde kostet",
    ) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(seen[0].ordinaryDoubleLessons).toBe("prefer");
    rerender(
      <TrainingCard
        value={{ ...defaultTraining, lessonMinutes: 60, ordinaryDoubleLessons: "prefer" }}
        onChange={(next) => seen.push(next)}
      />,
    );
    const sixty = screen.getByLabelText(
      "Fahrstunden als Doppelstunden planen (120 Minuten), wo es keine Stunde kostet",
    ) as HTMLInputElement;
    expect(sixty.checked).toBe(true);
    fireEvent.click(sixty);
    expect(seen[1].ordinaryDoubleLessons).toBe("off");
  });
});
