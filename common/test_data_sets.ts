/**
 * The five sets of the test-data package (issue 10 settles the spec's two readings): one list for
 * the files the server generates (api/imports/test_data.ts), the tutorial document and the web's
 * test-data modal, so the sizes cannot differ between them. `shape` names the planner's instance
 * generator shape (solver/testing/generate.ts), which has the same sizes.
 */
export const testDataSets = [
  { shape: "klein", name: "Klein", instructors: 5, students: 10 },
  { shape: "mittel", name: "Mittel", instructors: 10, students: 50 },
  { shape: "gross", name: "Groß", instructors: 15, students: 100 },
  { shape: "mega", name: "Mega", instructors: 20, students: 150 },
  { shape: "legendary", name: "Legendary", instructors: 25, students: 200 },
] as const;

/** Spec 01 §9 recommends the set of 10 instructors and 50 students. */
export const recommendedTestDataSet = "Mittel";

/** "Klein 5 Fahrlehrer/10 Fahrschüler, Mittel 10/50, …" for running text. */
export function testDataSizesText(): string {
  return testDataSets.map((s, i) =>
    i === 0
      ? `${s.name} ${s.instructors} Fahrlehrer/${s.students} Fahrschüler`
      : `${s.name} ${s.instructors}/${s.students}`
  ).join(", ");
}
