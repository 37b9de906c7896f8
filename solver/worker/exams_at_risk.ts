/**
 * "Prüfung gefährdet" (issue 22): the students with an exam whose needs this run could not meet
 * before it, for the planner card: what is still open (ordinary lessons, special drive units) and
 * the first reason, sorted by exam date.
 */
export interface ExamAtRisk {
  student_name: string;
  /** Local "YYYY-MM-DDTHH:MM". */
  exam_at: string;
  missing_lessons: number;
  /** Special drive units (45 minutes each) still open. */
  missing_units: number;
  reason: string;
}

export function examsAtRisk(
  students: readonly { id: string; examAt?: string }[],
  unplanned: readonly { student: string; kind?: string; missing: number; reason: string }[],
  names: ReadonlyMap<string, string>,
): ExamAtRisk[] {
  const out: ExamAtRisk[] = [];
  for (const s of students) {
    if (!s.examAt) continue;
    const open = unplanned.filter((u) => u.student === s.id);
    if (open.length === 0) continue;
    out.push({
      student_name: names.get(s.id) ?? s.id,
      exam_at: s.examAt,
      missing_lessons: open.filter((u) => !u.kind).reduce((n, u) => n + u.missing, 0),
      missing_units: open.filter((u) => u.kind).reduce((n, u) => n + u.missing, 0),
      reason: open[0].reason,
    });
  }
  return out.sort((a, b) =>
    a.exam_at.localeCompare(b.exam_at) || a.student_name.localeCompare(b.student_name, "de")
  );
}
