import type { PlannerSettings } from "../../../../common/contract/planner_settings.ts";

/** How many rules of each group are on. */
export function activeCounts(s: PlannerSettings): { hard: number; soft: number } {
  const on = (group: Record<string, { enabled: boolean }>) =>
    Object.values(group).filter((rule) => rule.enabled).length;
  return { hard: on(s.hard), soft: on(s.soft) };
}
