import { expect, type Page } from "@playwright/test";
import { autoStartDelayMs } from "../../../web/src/components/ui/tutorial_logic.ts";

/**
 * Lets the moment pass at which a tour would start by itself: every tour starts autoStartDelayMs
 * after its screen is ready (spec 01 §4). That a tour does not start can only be seen after that
 * moment; nothing on the page marks "decided not to start".
 */
export async function waitPastTourStart(page: Page) {
  // The screen is there: the delay counts from then on.
  await expect(page.locator("h1").first()).toBeVisible();
  // Real-world time: the tours' own start delay after a screen is ready, and half a second more.
  await page.waitForTimeout(autoStartDelayMs + 500);
}
