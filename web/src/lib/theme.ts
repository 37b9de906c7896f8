import { useCallback, useEffect, useState } from "react";

/** The two colour themes; stored under `color-theme` (spec 01 §3). */
export type Theme = "light" | "dark";

/** localStorage key of the chosen theme; theme_boot.ts reads it before React starts. */
export const themeStorageKey = "color-theme";

const changeEvent = "fahrplan:theme-change";

/** The stored choice, else the system preference. */
export function preferredTheme(): Theme {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(themeStorageKey);
  } catch { /* storage blocked (private mode): fall back to the system */ }
  if (stored === "dark" || stored === "light") return stored;
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark"
    : "light";
}

/** The theme the page shows right now (the `dark` class on <html>). */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Shows and stores a theme; every useTheme() on the page follows. */
export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
  try {
    localStorage.setItem(themeStorageKey, theme);
  } catch { /* not stored: the choice lasts for this page only */ }
  globalThis.dispatchEvent(new CustomEvent(changeEvent, { detail: theme }));
}

/** The current theme and a toggle; all toggles on the page stay in step. */
export function useTheme(): { theme: Theme; toggle(): void } {
  const [theme, setTheme] = useState<Theme>(() => currentTheme());
  useEffect(() => {
    const sync = () => setTheme(currentTheme());
    // A choice made in another tab of the app applies here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== themeStorageKey) return;
      document.documentElement.classList.toggle("dark", preferredTheme() === "dark");
      sync();
    };
    globalThis.addEventListener(changeEvent, sync);
    globalThis.addEventListener("storage", onStorage);
    return () => {
      globalThis.removeEventListener(changeEvent, sync);
      globalThis.removeEventListener("storage", onStorage);
    };
  }, []);
  const toggle = useCallback(() => applyTheme(currentTheme() === "dark" ? "light" : "dark"), []);
  return { theme, toggle };
}
