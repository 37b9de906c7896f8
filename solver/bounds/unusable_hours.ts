/**
 * The model the bounds relax, with the hours closed that no lesson can ever take: an instructor
 * hour where no transmission fits the rules of the instructor's side with the fixed appointments
 * alone, and a student hour where none fits the student's. These are exactly the hours the exact
 * model has no variable for (rules/rulebook.ts `exactVariables`, also the HiGHS peer's model). A
 * hard rule only forbids more as lessons are added, so no valid plan has a lesson there, and any
 * relaxation of the copy still bounds every valid plan.
 *
 * Why it matters: the model's free hours (model.ts) are availability minus fixed appointments;
 * what a rule over several hours makes of the fixed ones is left to the flow's capacities. The
 * break rule is only relaxed there (windows laid from the end of the day), so an hour right beside
 * a run of fixed lessons that is already as long as the rule allows (two special drives of two
 * slots each back to back, with breakAfterHours 4) stays open in the flow and in the Lagrangian
 * bound's students, and both bounds count lessons there that no plan can give.
 */
import type { Model } from "../model.ts";
import { RuleState, SIDES } from "../rules/rulebook.ts";
import { TRANSMISSIONS } from "../rules/needs.ts";
import type { Lesson } from "../rules/rule.ts";

/** A copy of `model` with those hours closed (the other grids shared), and how many were closed. */
export function withUnusableHoursClosed(model: Model): { model: Model; closed: number } {
  const state = new RuleState(model);
  const probe: Lesson = { student: -1, instructor: -1, transmission: "manual", day: 0, hour: 0 };
  let closed = 0;
  const close = (grids: Uint8Array[], sides: number, who: "student" | "instructor") =>
    grids.map((free, x) => {
      const out = free.slice();
      probe.student = who === "student" ? x : -1;
      probe.instructor = who === "instructor" ? x : -1;
      for (let k = 0; k < out.length; k++) {
        if (!out[k]) continue;
        probe.day = Math.floor(k / 24);
        probe.hour = k % 24;
        const fits = TRANSMISSIONS.some((t) => {
          probe.transmission = t;
          return state.fits(probe, sides);
        });
        if (!fits) (out[k] = 0, closed++);
      }
      return out;
    });
  const instructorFree = close(
    model.instructorFree,
    SIDES.instructor | SIDES.pair | SIDES.hour,
    "instructor",
  );
  const studentFree = close(model.studentFree, SIDES.student | SIDES.hour, "student");
  return { model: { ...model, instructorFree, studentFree }, closed };
}
