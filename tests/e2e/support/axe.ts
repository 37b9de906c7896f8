import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules issue 14 holds every screen to. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe's violations of those rules on the page, or only inside the `only` selectors, one line per
 * rule with its elements and axe's summary, so a failing test says what to fix.
 */
export async function axeViolations(page: Page, only: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(wcagTags);
  for (const selector of only) builder = builder.include(selector);
  const result = await builder.analyze();
  return result.violations.map((v) =>
    `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join(" | ")}`
  );
}
