/** Stage 9: per student and transmission still short of its need, how many lessons and why (German, report/reasons.ts). */
import type { Plan } from "../plan_format.ts";
import { reasoner } from "../report/reasons.ts";
import { TRANSMISSIONS } from "../rules/needs.ts";
import type { WithVehicles } from "./08_vehicles.ts";

export interface Explained extends WithVehicles {
  unplanned: Plan["unplanned"];
}

export function explainMissing(state: WithVehicles): Explained {
  const { run: { instance }, model, lessons } = state;
  const unplanned: Plan["unplanned"] = [];
  const reasonFor = reasoner(model, lessons);
  const got = new Map<string, number>();
  for (const l of lessons) {
    got.set(`${l.student}/${l.transmission}`, (got.get(`${l.student}/${l.transmission}`) ?? 0) + 1);
  }
  instance.students.forEach((st, s) => {
    for (const t of TRANSMISSIONS) {
      const missing = st.needs[t] - (got.get(`${s}/${t}`) ?? 0);
      if (missing > 0) {
        unplanned.push({
          student: st.id,
          transmission: t,
          missing,
          reason: reasonFor(s, t),
        });
      }
    }
  });
  return { ...state, unplanned };
}
