// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyTheme, currentTheme, preferredTheme, themeStorageKey } from "./theme.ts";

function systemPrefersDark(dark: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: dark && query.includes("dark") }));
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = "";
});
afterEach(() => vi.unstubAllGlobals());

describe("theme", () => {
  it("follows the system preference when nothing is stored", () => {
    systemPrefersDark(true);
    expect(preferredTheme()).toBe("dark");
    systemPrefersDark(false);
    expect(preferredTheme()).toBe("light");
  });

  it("prefers the stored choice over the system", () => {
    systemPrefersDark(true);
    localStorage.setItem(themeStorageKey, "light");
    expect(preferredTheme()).toBe("light");
  });

  it("ignores a stored value that is neither 'dark' nor 'light'", () => {
    systemPrefersDark(false);
    localStorage.setItem(themeStorageKey, "lila");
    expect(preferredTheme()).toBe("light");
  });

  it("applyTheme sets the class on <html> and stores the choice under color-theme", () => {
    applyTheme("dark");
    expect(currentTheme()).toBe("dark");
    expect(localStorage.getItem("color-theme")).toBe("dark");
    applyTheme("light");
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    expect(localStorage.getItem("color-theme")).toBe("light");
  });
});
