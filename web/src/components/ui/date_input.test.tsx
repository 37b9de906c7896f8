import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DateInput, invalidDateMessage } from "./date_input.tsx";
import { TimeInput } from "./time_input.tsx";

afterEach(cleanup);
// The calendar is a lazy chunk; loading it once up front keeps the tests' waits short.
beforeAll(() => import("./date_calendar.tsx"));
// The first render of the calendar can take seconds on a busy machine.
const slow = { timeout: 8000 };

/** A mouse press as the browser delivers it (react-aria reacts to pointer events). */
function click(element: Element) {
  fireEvent.pointerDown(element, { pointerId: 1, button: 0, pointerType: "mouse" });
  fireEvent.pointerUp(element, { pointerId: 1, button: 0, pointerType: "mouse" });
  fireEvent.click(element);
}

function Harness({ initial = "", seen }: { initial?: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput
        id="d"
        label="Datum"
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe("DateInput", () => {
  it("takes digits alone and offers a keypad with a separator key (issue 25, point 17)", () => {
    const seen: string[] = [];
    render(<Harness seen={seen} />);
    const input = screen.getByLabelText("Datum") as HTMLInputElement;
    expect(input.getAttribute("inputmode")).toBe("decimal");
    fireEvent.change(input, { target: { value: "20012027" } });
    fireEvent.blur(input);
    expect(input.value).toBe("20.01.2027");
    expect(screen.getByTestId("value").textContent).toBe("2027-01-20");
    fireEvent.change(input, { target: { value: "" } });
    fireEvent.change(input, { target: { value: "150327" } });
    fireEvent.blur(input);
    expect(input.value).toBe("15.03.2027");
    expect(screen.getByTestId("value").textContent).toBe("2027-03-15");
    expect(screen.queryByRole("alert")).toBeNull();
    // Eight digits that are no day say so at once.
    fireEvent.change(input, { target: { value: "31022027" } });
    expect(screen.getByRole("alert").textContent).toBe(invalidDateMessage);
  });

  it("shows a stored ISO date in German and emits typed dates as ISO", () => {
    const seen: string[] = [];
    render(<Harness initial="2026-03-05" seen={seen} />);
    const input = screen.getByLabelText("Datum") as HTMLInputElement;
    expect(input.value).toBe("05.03.2026");
    expect(input.placeholder).toBe("TT.MM.JJJJ");
    fireEvent.change(input, { target: { value: "24.12.2026" } });
    expect(seen).toEqual(["2026-12-24"]);
    fireEvent.change(input, { target: { value: "" } });
    expect(seen).toEqual(["2026-12-24", ""]);
  });

  it("says a German message for a day that does not exist and keeps the old value", () => {
    const seen: string[] = [];
    render(<Harness initial="2026-03-05" seen={seen} />);
    const input = screen.getByLabelText("Datum");
    fireEvent.change(input, { target: { value: "31.02.2026" } });
    expect(screen.getByRole("alert").textContent).toBe(
      "Bitte ein gültiges Datum im Format TT.MM.JJJJ eingeben.",
    );
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(seen).toEqual([]);
    expect(screen.getByTestId("value").textContent).toBe("2026-03-05");
  });

  it("flags half-typed text on blur", () => {
    render(<Harness seen={[]} />);
    const input = screen.getByLabelText("Datum");
    fireEvent.change(input, { target: { value: "12.5." } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByRole("alert").textContent).toBe(invalidDateMessage);
  });

  it(
    "picks a day from a calendar that starts on Monday with German names",
    { timeout: 20_000 },
    async () => {
      const seen: string[] = [];
      render(<Harness initial="2026-03-05" seen={seen} />);
      fireEvent.click(screen.getByRole("button", { name: "Kalender öffnen" }));
      // The calendar loads on first use.
      const picker = await screen.findByRole("dialog", { name: "Datum auswählen" }, slow);
      // The weekday row is hidden from screen readers: each day's name says its weekday in full.
      const headers = within(picker).getAllByRole("columnheader", { hidden: true }).map((th) =>
        th.textContent
      );
      expect(headers).toEqual(["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]);
      expect((within(picker).getByLabelText("Monat") as HTMLSelectElement).value).toBe("3");
      expect(within(picker).getByLabelText("Jahr").querySelectorAll("option").length).toBe(100);
      fireEvent.change(within(picker).getByLabelText("Monat"), { target: { value: "4" } });
      click(within(picker).getByRole("button", { name: /^Sonntag, 12\. April 2026/ }));
      expect(seen).toEqual(["2026-04-12"]);
      expect((screen.getByLabelText("Datum") as HTMLInputElement).value).toBe("12.04.2026");
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), slow);
    },
  );

  it("moves through the grid with the keyboard", { timeout: 20_000 }, async () => {
    const seen: string[] = [];
    render(<Harness initial="2026-03-05" seen={seen} />);
    fireEvent.click(screen.getByRole("button", { name: "Kalender öffnen" }));
    const day = await screen.findByRole("button", { name: /^Donnerstag, 5\. März 2026/ }, slow);
    await waitFor(() => expect(document.activeElement).toBe(day), slow);
    fireEvent.keyDown(day, { key: "ArrowDown" });
    fireEvent.keyDown(document.activeElement!, { key: "PageDown" });
    expect((document.activeElement as HTMLElement).getAttribute("aria-label")).toMatch(
      /^Sonntag, 12\. April 2026/,
    );
    fireEvent.keyDown(document.activeElement!, { key: "Enter" });
    fireEvent.keyUp(document.activeElement!, { key: "Enter" });
    expect(seen).toEqual(["2026-04-12"]);
  });
});

describe("TimeInput", () => {
  function TimeHarness({ seen }: { seen: string[] }) {
    const [value, setValue] = useState("");
    return (
      <TimeInput
        label="Von"
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
    );
  }

  it("emits whole HH:MM times on the 5-minute grid and refuses others", () => {
    const seen: string[] = [];
    render(<TimeHarness seen={seen} />);
    const input = screen.getByLabelText("Von") as HTMLInputElement;
    expect(input.placeholder).toBe("HH:MM");
    fireEvent.change(input, { target: { value: "14:35" } });
    fireEvent.change(input, { target: { value: "14:37" } });
    expect(screen.getByRole("alert").textContent).toContain("5-Minuten-Schritten");
    expect(seen).toEqual(["14:35"]);
    fireEvent.change(input, { target: { value: "930" } });
    fireEvent.blur(input);
    expect(input.value).toBe("09:30");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(seen).toEqual(["14:35", "09:30", "09:35"]);
  });
});

describe("DateInput with min and max", () => {
  it("treats typed days outside the range as invalid and blocks them in the calendar", {
    timeout: 20_000,
  }, async () => {
    const seen: string[] = [];
    function Ranged() {
      const [value, setValue] = useState("");
      return (
        <DateInput
          label="Urlaub ab"
          value={value}
          min="2026-03-10"
          max="2026-03-20"
          onChange={(v) => {
            seen.push(v);
            setValue(v);
          }}
        />
      );
    }
    render(<Ranged />);
    const input = screen.getByLabelText("Urlaub ab");
    fireEvent.change(input, { target: { value: "09.03.2026" } });
    // A real day outside the range says what is wrong, not 'wrong format' (issue 25, point 6).
    expect(screen.getByRole("alert").textContent).toBe(
      "Das Datum darf nicht vor dem 10.03.2026 liegen.",
    );
    fireEvent.change(input, { target: { value: "21.03.2026" } });
    expect(screen.getByRole("alert").textContent).toBe(
      "Das Datum darf nicht nach dem 20.03.2026 liegen.",
    );
    fireEvent.change(input, { target: { value: "10.03.2026" } });
    expect(seen).toEqual(["2026-03-10"]);
    fireEvent.click(screen.getByRole("button", { name: "Kalender öffnen" }));
    const late = await screen.findByRole("button", { name: /^Samstag, 21\. März 2026/ }, slow);
    expect(late.getAttribute("aria-disabled")).toBe("true");
    click(late);
    expect(seen).toEqual(["2026-03-10"]);
  });
});
