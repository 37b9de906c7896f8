import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "./confirm_dialog.tsx";
import { Tutorial, tutorialCloseQuestion, type TutorialStep } from "./tutorial.tsx";
import { nextIndex, previousIndex, shownEnough } from "./tutorial_logic.ts";

// jsdom has no ResizeObserver; floating-ui's autoUpdate only needs it to exist.
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, { ResizeObserver: globalThis.ResizeObserver ?? NoResize });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const next = () => screen.getByRole("button", { name: /^(Weiter|Fertig)$/ });
const stepText = () => screen.getByText(/^Schritt \d+ von \d+/).textContent;
/** Runs the pending timers of `ms` (React updates included). */
const pass = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function Page(
  { steps, onFinish = () => {}, welcome }: {
    steps: TutorialStep[];
    onFinish?(done?: boolean): void;
    welcome?: { title: string; text: string };
  },
) {
  const [extra, setExtra] = useState(false);
  return (
    <ConfirmProvider>
      <button type="button" id="ziel" onClick={() => setExtra(true)}>Ziel</button>
      <input type="file" data-testid="datei" />
      {extra && <div id="spaet">Import abgeschlossen</div>}
      <Tutorial steps={steps} open onFinish={onFinish} label="Test-Tutorial" welcome={welcome} />
    </ConfirmProvider>
  );
}

describe("stepping through a tour", () => {
  it("Zurück stops at the first step and Weiter ends after the last", () => {
    expect(previousIndex(0)).toBe(0);
    expect(previousIndex(3)).toBe(2);
    expect(nextIndex(52, 54)).toBe(53);
    expect(nextIndex(53, 54)).toBeNull();
  });
});

describe("keeping the step's element in view", () => {
  it("wants an element that fits wholly on screen, and a taller one filling it", () => {
    expect(shownEnough({ top: 100, bottom: 400 }, 844)).toBe(true);
    expect(shownEnough({ top: 505, bottom: 1357 }, 844)).toBe(false);
    expect(shownEnough({ top: -300, bottom: 200 }, 844)).toBe(false);
    expect(shownEnough({ top: -200, bottom: 1400 }, 844)).toBe(true);
    expect(shownEnough({ top: 300, bottom: 1400 }, 844)).toBe(false);
  });
});

describe("the tour engine", () => {
  it("shows the welcome dialog first, then step 1 of N with progress", () => {
    render(
      <Page
        steps={[{ title: "Eins", text: "a" }, { title: "Zwei", text: "b" }]}
        welcome={{ title: "Willkommen", text: "Hallo" }}
      />,
    );
    expect(screen.getByRole("heading", { name: "Willkommen" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Tutorial starten" }));
    expect(stepText()).toBe("Schritt 1 von 2");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("1");
    expect(screen.queryByRole("button", { name: "Zurück" })).toBeNull();
    fireEvent.click(next());
    expect(stepText()).toBe("Schritt 2 von 2");
    expect(next().textContent).toBe("Fertig");
  });

  it("keeps Weiter disabled until the target is clicked, then moves on 300 ms later", () => {
    render(
      <Page
        steps={[
          { target: "#ziel", title: "Klick", text: "a", condition: { kind: "click" } },
          { title: "Danach", text: "b" },
        ]}
      />,
    );
    pass(0);
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(document.getElementById("ziel")!);
    expect((next() as HTMLButtonElement).disabled).toBe(false);
    pass(299);
    expect(stepText()).toBe("Schritt 1 von 2");
    pass(1);
    expect(stepText()).toBe("Schritt 2 von 2");
  });

  it("moves on 500 ms after a file is chosen", () => {
    render(
      <Page
        steps={[
          { target: "#ziel", title: "Datei", text: "a", condition: { kind: "file" } },
          { title: "Danach", text: "b" },
        ]}
      />,
    );
    pass(0);
    fireEvent.click(document.getElementById("ziel")!);
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    const input = screen.getByTestId("datei") as HTMLInputElement;
    Object.defineProperty(input, "files", { value: [new File(["x"], "lehrer.xlsx")] });
    fireEvent.change(input);
    pass(499);
    expect(stepText()).toBe("Schritt 1 von 2");
    pass(1);
    expect(stepText()).toBe("Schritt 2 von 2");
  });

  it("waits for an import's success and moves on 1500 ms after it", () => {
    render(
      <Page
        steps={[
          {
            target: "#ziel",
            title: "Warten",
            text: "a",
            condition: { kind: "appear", selector: "#spaet", withText: "abgeschlossen" },
          },
          { title: "Danach", text: "b" },
        ]}
      />,
    );
    pass(1000);
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    // The page's own button (not a condition here) makes the awaited element appear.
    fireEvent.click(document.getElementById("ziel")!);
    pass(200);
    expect((next() as HTMLButtonElement).disabled).toBe(false);
    pass(1499);
    expect(stepText()).toBe("Schritt 1 von 2");
    pass(1);
    expect(stepText()).toBe("Schritt 2 von 2");
  });

  it("a step whose work is done already frees Weiter, says why and leads past its chain", () => {
    render(
      <Page
        steps={[
          {
            target: "#ziel",
            title: "Importieren",
            text: "a",
            condition: { kind: "appear", selector: "#nie" },
            skip: { selector: "#spaet", withText: "abgeschlossen", to: 2, hint: "Schon da." },
          },
          { title: "Ergebnis", text: "b" },
          { title: "Weiter im Text", text: "c" },
        ]}
      />,
    );
    pass(500);
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText("Schon da.")).toBeNull();
    fireEvent.click(document.getElementById("ziel")!);
    pass(200);
    expect((next() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText("Schon da.")).toBeTruthy();
    fireEvent.click(next());
    expect(stepText()).toBe("Schritt 3 von 3");
  });

  it("waits for a target that is not there yet instead of failing", () => {
    render(
      <Page
        steps={[{ target: "#spaet", title: "Später", text: "a" }]}
      />,
    );
    pass(600);
    expect(screen.getByText(/die Ansicht wird geladen/)).toBeTruthy();
    fireEvent.click(document.getElementById("ziel")!);
    pass(200);
    expect(screen.queryByText(/die Ansicht wird geladen/)).toBeNull();
  });

  it("asks the spec's question on close and on Escape, and ends only when confirmed", async () => {
    const onFinish = vi.fn();
    render(<Page steps={[{ title: "Eins", text: "a" }]} onFinish={onFinish} />);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.getByText(tutorialCloseQuestion)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Abbrechen" }));
    await act(() => Promise.resolve());
    expect(onFinish).not.toHaveBeenCalled();
    expect(stepText()).toBe("Schritt 1 von 1");
    fireEvent.click(screen.getByRole("button", { name: "Tutorial schließen" }));
    fireEvent.click(screen.getByRole("button", { name: "Beenden" }));
    await act(() => Promise.resolve());
    expect(onFinish).toHaveBeenCalledWith(false);
  });

  it("Fertig on the last step finishes; 'Tutorial überspringen' ends at once", () => {
    const onFinish = vi.fn();
    render(<Page steps={[{ title: "Eins", text: "a" }]} onFinish={onFinish} />);
    fireEvent.click(next());
    expect(onFinish).toHaveBeenCalledWith(true);
    cleanup();
    const onSkip = vi.fn();
    render(<Page steps={[{ title: "Eins", text: "a" }]} onFinish={onSkip} />);
    fireEvent.click(screen.getByRole("button", { name: "Tutorial überspringen" }));
    expect(onSkip).toHaveBeenCalledTimes(1);
  });
});
