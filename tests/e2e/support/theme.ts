import { expect, type Locator, type Page } from "@playwright/test";

/** Switches to the dark theme as a returning user has it: a stored choice, then a reload. */
export async function useDarkTheme(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem("color-theme", "dark"));
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
}

/**
 * The element is drawn in the dark theme: light text on the background it shows (its own or,
 * where that is transparent, the nearest ancestor's). A component whose CSS ignores the theme
 * keeps dark text or a white surface and fails here. Polled, because colours fade in.
 */
export async function expectDrawnDark(locator: Locator): Promise<void> {
  await expect.poll(() =>
    locator.evaluate((element) => {
      const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
      // Relative luminance after WCAG 2: 0 is black, 1 is white.
      const luminance = ([r, g, b]: number[]) => {
        const [R, G, B] = [r, g, b].map((c) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * R + 0.7152 * G + 0.0722 * B;
      };
      let surface: Element | null = element;
      let background = [0, 0, 0, 0];
      while (surface) {
        background = rgba(getComputedStyle(surface).backgroundColor);
        if ((background[3] ?? 1) > 0) break;
        surface = surface.parentElement;
      }
      // Nothing painted at all: the browser's canvas shows white.
      if (!surface) background = [255, 255, 255, 1];
      const text = luminance(rgba(getComputedStyle(element).color));
      return { background: luminance(background) < 0.1, text: text > 0.4 };
    })
  ).toEqual({ background: true, text: true });
}
