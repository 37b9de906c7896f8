/**
 * The test-data package (spec 01 §9): the two templates plus, for each of five sets, one
 * instructor file and one student file in exactly the template's format. The people come from
 * the planner's own seeded generator of people (common/test_people.ts), so the data is as plannable as its examples.
 */
import { zipSync } from "fflate";
import { foldName } from "../../common/usernames.ts";
import { random } from "../../common/random.ts";
import { generatePeople, SHAPES } from "../../common/test_people.ts";
import { formatMinutes, minutesOf } from "../../common/time.ts";
import { startLocations } from "../../common/school_rules.ts";
import { testDataSets } from "../../common/test_data_sets.ts";
import type { Role } from "./columns.ts";
import { buildWorkbook, templateFileName, workbookBytes } from "./templates.ts";

export const testDataFileName = "fahrplan-testdaten.zip";

// deno-fmt-ignore
const firstNames = [
  "Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannah", "Jonas", "Karla", "Leon",
  "Lina", "Luca", "Marie", "Mats", "Mia", "Noah", "Paul", "Ella", "Finn", "Sophie", "Theo",
  "Lea", "Elias", "Johanna", "Moritz", "Lotta", "Henry", "Frieda", "Emil", "Mila", "Oskar",
  "Ida", "Anton", "Nele", "Jakob", "Pia", "Levi", "Amelie", "Samuel", "Leni", "Julian", "Maja",
  "Tim", "Merle", "Niklas", "Zoe", "Max", "Jana", "Erik", "Sara", "Tom", "Helena", "Ole",
  "Luisa", "Fabian", "Selin", "Deniz", "Aylin", "Mehmet",
];
// deno-fmt-ignore
const lastNames = [
  "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz",
  "Hoffmann", "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann",
  "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann", "Hartmann", "Lange", "Schmitt",
  "Werner", "Schmitz", "Krause", "Meier", "Lehmann", "Schmid", "Schulze", "Maier", "Köhler",
  "Herrmann", "König", "Walter", "Mayer", "Huber", "Kaiser", "Fuchs", "Peters", "Lang", "Scholz",
  "Möller", "Weiß", "Jung", "Hahn", "Vogel", "Friedrich", "Keller", "Günther", "Frank", "Berger",
  "Winkler", "Roth", "Beck", "Lorenz", "Baumann", "Yılmaz", "Kaya",
];
const domains = ["example.com", "example.org", "example.net"];

type Row = Record<string, string | number>;

/** Unique German names and e-mail addresses across the whole package, from one seeded stream. */
function namePool(seed: number) {
  const rnd = random(seed);
  const used = new Set<string>();
  return () => {
    for (;;) {
      const first = firstNames[Math.floor(rnd() * firstNames.length)];
      const last = lastNames[Math.floor(rnd() * lastNames.length)];
      const key = `${first} ${last}`;
      if (used.has(key)) continue;
      used.add(key);
      const email = `${foldName(first)}.${foldName(last)}@${domains[used.size % domains.length]}`;
      const phone = `0${rnd() < 0.6 ? "17" + Math.floor(rnd() * 10) : "231"} ${
        String(Math.floor(rnd() * 9_000_000) + 1_000_000)
      }`;
      return { first, last, email, phone };
    }
  };
}

const german = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
const ranges = (list: { from: string; to: string }[] | undefined) =>
  (list ?? []).map((r) => `${german(r.from)}-${german(r.to)}`).join("; ");
const transmissionLabel = (t: string[]) =>
  t.length === 2 ? "beide" : t[0] === "automatic" ? "Automatik" : "Schaltung";

function personCells(who: { first: string; last: string; email: string; phone: string }) {
  return { first_name: who.first, last_name: who.last, email: who.email, phone: who.phone };
}

/** One set's rows for both files, in the template's column keys. */
export function setRows(
  shape: keyof typeof SHAPES,
  seed: number,
  nextName: ReturnType<typeof namePool>,
) {
  const instance = generatePeople({ shape }, random(seed));
  const rnd = random(seed * 7919);
  const instructors: Row[] = instance.instructors.map((ins) => {
    const row: Row = {
      ...personCells(nextName()),
      transmission: transmissionLabel(ins.transmissions),
      monthly_hours_target: ins.monthlyHoursTarget ?? "",
      break_start: ins.breaks?.[0]?.start ?? "",
      break_end: ins.breaks?.[0]?.end ?? "",
      vacations: ranges(ins.absences),
    };
    // The spec's workday hours for the test data: Mon-Fri 08:00-19:00, Sat 08:00-13:00.
    for (const day of [1, 2, 3, 4, 5]) {
      row[`work_${day}_start`] = "08:00";
      row[`work_${day}_end`] = "19:00";
    }
    row.work_6_start = "08:00";
    row.work_6_end = "13:00";
    return row;
  });
  const students: Row[] = instance.students.map((st) => {
    const row: Row = {
      ...personCells(nextName()),
      license_class: st.licenseClass,
      school_name: ["Helmholtz-Gymnasium", "Gesamtschule Scharnhorst", "Berufskolleg Ost"][
        Math.floor(rnd() * 3)
      ],
      start_location: startLocations[Math.floor(rnd() * startLocations.length)],
      available_in_holidays: rnd() < 0.8 ? "ja" : "nein",
      vacations: ranges(st.absences),
    };
    const weekdays = st.available.filter((w) => w.day <= 5);
    // A student free only on Saturday would have no weekday time; the template is Mon-Fri.
    if (!weekdays.length) weekdays.push({ day: 2, start: "15:00", end: "19:00" });
    for (const w of weekdays) {
      row[`arrival_${w.day}`] = w.start;
      // School ends at least half an hour before the student can be at the driving school.
      row[`school_${w.day}_start`] = "08:00";
      row[`school_${w.day}_end`] = formatMinutes(Math.min(minutesOf(w.start) - 30, 15 * 60));
    }
    return row;
  });
  return { instructors, students };
}

function fileName(set: string, role: Role) {
  return `testdaten-${set}-${role === "instructor" ? "fahrlehrer" : "fahrschueler"}.xlsx`;
}

let cached: Promise<Uint8Array> | undefined;

/** The package as zip bytes; built once per process (the generator is seeded, so always equal). */
export function testDataZip(): Promise<Uint8Array> {
  cached ??= buildZip();
  return cached;
}

/** Every set's rows, as the package holds them (one name stream across all sets). */
function packageRows() {
  const nextName = namePool(2027);
  return testDataSets.map((set, i) => ({ set, rows: setRows(set.shape, 101 + i, nextName) }));
}

let emails: { instructor: string[]; student: string[] } | undefined;

/**
 * The e-mail addresses of the package's people, by role (lower case). They are on the reserved
 * example.com/.org/.net domains, and the import matches people by e-mail: a person with one of
 * them came from the package, never from the school's real data (removing the test data uses
 * them, so the tour's clean-up leaves real people alone).
 */
export function testDataEmails(): { instructor: string[]; student: string[] } {
  emails ??= (() => {
    const all = packageRows();
    const of = (list: Row[]) => list.map((r) => String(r.email).toLowerCase());
    return {
      instructor: all.flatMap(({ rows }) => of(rows.instructors)),
      student: all.flatMap(({ rows }) => of(rows.students)),
    };
  })();
  return emails;
}

async function buildZip(): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {
    [templateFileName.instructor]: await workbookBytes(buildWorkbook("instructor")),
    [templateFileName.student]: await workbookBytes(buildWorkbook("student")),
  };
  for (const { set, rows } of packageRows()) {
    files[fileName(set.shape, "instructor")] = await workbookBytes(
      buildWorkbook("instructor", rows.instructors),
    );
    files[fileName(set.shape, "student")] = await workbookBytes(
      buildWorkbook("student", rows.students),
    );
  }
  // .xlsx files are zips already: storing them (level 0) is as small and much faster.
  return zipSync(files, { level: 0 });
}
