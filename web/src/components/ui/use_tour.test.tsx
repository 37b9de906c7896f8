import { act, cleanup, render as renderBare, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TourName } from "../../../../common/contract/tutorial.ts";
import type { ReactElement } from "react";
import { WithQueryClient } from "../../lib/query_test_client.tsx";
import { useTour } from "./use_tour.ts";

/** Renders inside a query client, as the app does (the tours ask the server through it). */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: WithQueryClient });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A tour kept in the browser only (userId null), so no server is asked. */
function Probe({ tour, autoStart, openNow }: {
  tour: TourName;
  autoStart: boolean;
  openNow?: boolean;
}) {
  const state = useTour({
    tour,
    storageKey: `${tour}-key`,
    enabled: true,
    userId: null,
    autoStart,
  });
  return (
    <div>
      <span data-testid={tour}>{state.open ? "offen" : "zu"}</span>
      {openNow && <button type="button" onClick={state.start}>{tour} starten</button>}
      <button type="button" onClick={state.finish}>{tour} beenden</button>
    </div>
  );
}

const pass = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("useTour", () => {
  it("starts 1 s after its screen is ready, and not again once finished", () => {
    const first = render(<Probe tour="questionnaire_demo" autoStart />);
    pass(900);
    expect(screen.getByTestId("questionnaire_demo").textContent).toBe("zu");
    pass(200);
    expect(screen.getByTestId("questionnaire_demo").textContent).toBe("offen");
    act(() => screen.getByText("questionnaire_demo beenden").click());
    expect(localStorage.getItem("questionnaire_demo-key")).toBe("true");
    first.unmount();
    render(<Probe tour="questionnaire_demo" autoStart />);
    pass(2000);
    expect(screen.getByTestId("questionnaire_demo").textContent).toBe("zu");
  });

  it("waits while its screen is not ready", () => {
    const view = render(<Probe tour="student_list" autoStart={false} />);
    pass(2000);
    expect(screen.getByTestId("student_list").textContent).toBe("zu");
    view.rerender(<Probe tour="student_list" autoStart />);
    pass(1000);
    expect(screen.getByTestId("student_list").textContent).toBe("offen");
  });

  it("does not start over another open tour (the admin tour walking through /students)", () => {
    render(
      <>
        <Probe tour="admin" autoStart={false} openNow />
        <Probe tour="student_list" autoStart />
      </>,
    );
    act(() => screen.getByText("admin starten").click());
    pass(1500);
    expect(screen.getByTestId("admin").textContent).toBe("offen");
    expect(screen.getByTestId("student_list").textContent).toBe("zu");
  });
});
