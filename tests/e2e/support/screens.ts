import type { BrowserContext, Page } from "@playwright/test";

// The service worker has its own specs (offline*.spec.ts); elsewhere it would only add install
// traffic, so these contexts block it.
export const desktop = {
  viewport: { width: 1280, height: 900 },
  serviceWorkers: "block" as const,
};
export const phone = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  serviceWorkers: "block" as const,
};

/** The self-service tours would cover the screen: marked as done before any page script runs. */
export async function skipTutorials(context: BrowserContext) {
  await context.addInitScript(() => {
    localStorage.setItem("student-tutorial-completed", "true");
    localStorage.setItem("instructor-tutorial-completed", "true");
  });
}

/** An hour of the availability grid, by its accessible name ("Montag 08:00"). */
export function cell(page: Page, name: string) {
  return page.getByRole("button", { name, exact: true });
}
