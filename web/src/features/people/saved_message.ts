/**
 * The person form's save toast: the role's success sentence, and how many future lessons lie in
 * the person's vacations (issue 25), as the sick note says it; those lessons count as affected
 * and the dashboard offers to re-plan them.
 */
export function savedMessage(
  done: string,
  vacationAffected: number,
): { text: string; tone: "success" | "warning" } {
  if (vacationAffected <= 0) return { text: done, tone: "success" };
  const lessons = vacationAffected === 1
    ? "1 Termin liegt im Urlaub und gilt als betroffen."
    : `${vacationAffected} Termine liegen im Urlaub und gelten als betroffen.`;
  return { text: `${done} ${lessons}`, tone: "warning" };
}
