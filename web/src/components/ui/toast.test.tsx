import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toastDuration, ToastProvider, useToast } from "./toast.tsx";

function Trigger({ message, type, duration }: {
  message: string;
  type?: "success" | "error" | "info" | "warning";
  duration?: number;
}) {
  const toast = useToast();
  return <button type="button" onClick={() => toast.show(message, type, duration)}>Los</button>;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe("toastDuration", () => {
  it("defaults to 3000 ms and clamps to 2-10 s", () => {
    expect(toastDuration(undefined)).toBe(3000);
    expect(toastDuration(500)).toBe(2000);
    expect(toastDuration(10_000)).toBe(10_000);
    expect(toastDuration(60_000)).toBe(10_000);
    expect(toastDuration(Number.NaN)).toBe(3000);
  });
});

describe("ToastProvider", () => {
  it("shows a toast and removes it after its duration", () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger message="Gespeichert" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Los" }));
    const toast = screen.getByRole("status");
    expect(toast.textContent).toContain("Gespeichert");
    expect(toast.className).toContain("toast-success");
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole("status")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("announces errors as alerts and closes them with the close button", () => {
    render(
      <ToastProvider>
        <Trigger message="Fehler beim Excel-Export" type="error" duration={10_000} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Los" }));
    expect(screen.getByRole("alert").className).toContain("toast-error");
    fireEvent.click(screen.getByRole("button", { name: "Meldung schließen" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("falls back to success for an unknown type", () => {
    render(
      <ToastProvider>
        <Trigger message="Hallo" type={"bogus" as "info"} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Los" }));
    expect(screen.getByRole("status").className).toContain("toast-success");
  });
});
