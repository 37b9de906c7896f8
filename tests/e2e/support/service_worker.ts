import type { Page } from "@playwright/test";

/**
 * Waits until the service worker controls the page. Installing precaches the app shell; on a
 * busy machine one install can fail on a slow fetch, and the browser retries it only at the next
 * navigation, as it would for a user who opens the app again.
 */
export async function waitForController(page: Page): Promise<void> {
  for (let attempt = 1;; attempt++) {
    try {
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, {
        timeout: 25_000,
      });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.reload();
    }
  }
}
