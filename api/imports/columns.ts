/**
 * The columns of the two import templates (spec 01 §3): what the template writes, what the
 * Anleitung explains, and which header spellings the import recognises for each.
 */
import { startLocations } from "../../common/school_rules.ts";
import { germanWeekdayNames as germanDays } from "../../common/german_words.ts";
import { squash } from "./cell_values.ts";

export type Role = "instructor" | "student";

export interface Column {
  key: string;
  header: string;
  /** Other spellings (German and English); compared squashed, with the header itself. */
  aliases: string[];
  required?: boolean;
  /** Fixed values offered as a drop-down in the template. */
  list?: string[];
  /** Text or number for the template's example row. */
  example: string | number;
  /** One sentence for the Anleitung sheet. */
  help: string;
  width: number;
  /** Time columns are formatted hh:mm in the template. */
  time?: boolean;
}

const englishDays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const englishShort = ["mon", "tue", "wed", "thu", "fri", "sat"];

function dayNames(day: number): string[] {
  const german = germanDays[day - 1];
  return [german, german.slice(0, 2), englishDays[day - 1], englishShort[day - 1]];
}

/** Header variants "<day> <suffix>" and "<suffix> <day>" for every spelling of the day. */
function dayAliases(day: number, suffixes: string[]): string[] {
  return dayNames(day).flatMap((d) => suffixes.flatMap((s) => [`${d} ${s}`, `${s} ${d}`]));
}

const person: Column[] = [
  {
    key: "first_name",
    header: "Vorname",
    aliases: ["first name", "firstname", "given name", "rufname"],
    required: true,
    example: "Thomas",
    help: "Pflichtfeld. Der Vorname, z. B. „Anna“.",
    width: 16,
  },
  {
    key: "last_name",
    header: "Nachname",
    aliases: ["last name", "lastname", "surname", "familienname", "family name"],
    required: true,
    example: "Becker",
    help: "Pflichtfeld. Der Nachname, z. B. „Schmidt“. Statt Vorname und Nachname darf auch " +
      "eine Spalte „Name“ mit „Anna Schmidt“ stehen.",
    width: 16,
  },
  {
    key: "email",
    header: "E-Mail",
    aliases: ["email", "mail", "e-mail-adresse", "email address", "emailadresse"],
    required: true,
    example: "thomas.becker@example.com",
    help: "Pflichtfeld. Die E-Mail-Adresse, z. B. „anna.schmidt@example.com“. Wer mit dieser " +
      "Adresse schon angelegt ist, wird übersprungen („bereits vorhanden“).",
    width: 30,
  },
  {
    key: "phone",
    header: "Telefon",
    aliases: ["telefonnummer", "tel", "handy", "mobil", "mobilnummer", "phone", "mobile"],
    example: "0231 1234567",
    help: "Freiwillig. Die Telefonnummer, z. B. „0176 12345678“.",
    width: 16,
  },
];

/** A separate "Name" column ("Anna Schmidt") instead of Vorname and Nachname. */
export const fullNameAliases = ["name", "vollständiger name", "full name", "vor- und nachname"];

const instructorDays: Column[] = [1, 2, 3, 4, 5, 6].flatMap((day) => {
  const name = germanDays[day - 1];
  const saturday = day === 6;
  return [
    {
      key: `work_${day}_start`,
      header: `${name} von`,
      aliases: dayAliases(day, ["von", "beginn", "start", "ab", "from"]),
      example: "08:00",
      help: `Arbeitsbeginn am ${name}, z. B. „08:00“, „8 Uhr“ oder „8.00“. ` +
        (saturday ? "Leer lassen, wenn samstags nicht gefahren wird." : "Leer = frei."),
      width: 12,
      time: true,
    },
    {
      key: `work_${day}_end`,
      header: `${name} bis`,
      aliases: dayAliases(day, ["bis", "ende", "end", "to"]),
      example: saturday ? "13:00" : "19:00",
      help: `Arbeitsende am ${name}, z. B. „${saturday ? "13:00" : "19:00"}“.`,
      width: 12,
      time: true,
    },
  ];
});

const instructorColumns: Column[] = [
  ...person,
  {
    key: "transmission",
    header: "Getriebe",
    aliases: ["getriebeart", "getriebe-typ", "qualifikation", "transmission", "gearbox"],
    required: true,
    list: ["Schaltung", "Automatik", "beide"],
    example: "beide",
    help: "Pflichtfeld. Womit der Fahrlehrer ausbildet: „Schaltung“, „Automatik“ oder „beide“.",
    width: 12,
  },
  {
    key: "monthly_hours_target",
    header: "Stunden pro Monat",
    aliases: ["monatsstunden", "sollstunden", "soll-stunden", "stundenziel", "monthly hours"],
    example: 140,
    help: "Freiwillig. Ziel an Fahrstunden pro Monat als ganze Zahl, z. B. „140“. Leer = 0.",
    width: 18,
  },
  ...instructorDays,
  {
    key: "break_start",
    header: "Pause von",
    aliases: ["pausenbeginn", "pause beginn", "pause start", "break start", "break from"],
    example: "12:30",
    help: "Freiwillig. Tägliche Pause an allen Arbeitstagen, Beginn, z. B. „12:30“.",
    width: 12,
    time: true,
  },
  {
    key: "break_end",
    header: "Pause bis",
    aliases: ["pausenende", "pause ende", "pause end", "break end", "break to"],
    example: "13:00",
    help: "Freiwillig. Ende der täglichen Pause, z. B. „13:00“.",
    width: 12,
    time: true,
  },
  {
    key: "vacations",
    header: "Urlaub",
    aliases: ["urlaubstage", "urlaubszeiten", "abwesenheit", "vacation", "vacations", "holidays"],
    example: "02.08.2027-13.08.2027",
    help: "Freiwillig. Urlaub als Zeiträume „von-bis“, mehrere mit „;“ getrennt, z. B. " +
      "„02.08.2027-13.08.2027; 27.12.2027“ (ein einzelnes Datum ist ein Tag).",
    width: 28,
  },
];

const studentDays: Column[] = [1, 2, 3, 4, 5, 6].flatMap((day) => {
  const name = germanDays[day - 1];
  return [
    {
      key: `school_${day}_start`,
      header: `${name} Schule von`,
      aliases: dayAliases(day, ["schule von", "schulbeginn", "schule beginn", "school start"]),
      example: "08:00",
      help: `Schulbeginn am ${name}, z. B. „08:00“.`,
      width: 12,
      time: true,
    },
    {
      key: `school_${day}_end`,
      header: `${name} Schule bis`,
      aliases: dayAliases(day, ["schule bis", "schulende", "schule ende", "school end"]),
      example: "13:30",
      help: `Schulende am ${name}, z. B. „13:30“.`,
      width: 12,
      time: true,
    },
    {
      key: `arrival_${day}`,
      header: `${name} Ankunft`,
      aliases: dayAliases(day, ["ankunft", "ankunftszeit", "verfügbar ab", "ab", "arrival"]),
      example: "14:00",
      help: `Ab wann der Schüler am ${name} in der Fahrschule sein kann, z. B. „14:00“; ` +
        "verfügbar ist er dann bis 20:00. Leer = an diesem Tag nicht (außer in Freistunden).",
      width: 12,
      time: true,
    },
    {
      key: `free_${day}`,
      header: `${name} Freistunden`,
      aliases: dayAliases(day, ["freistunden", "freistunde", "free periods", "free period"]),
      example: day === 3 ? "10:00-11:30" : "",
      help: `Freiwillig. Bis zu 3 Freistunden am ${name}, z. B. „09:45-10:30, 11:15-12:00“.`,
      width: 16,
    },
  ];
});

const studentColumns: Column[] = [
  ...person.map((c) =>
    c.key === "first_name"
      ? { ...c, example: "Lena" }
      : c.key === "last_name"
      ? { ...c, example: "Wagner" }
      : c.key === "email"
      ? { ...c, example: "lena.wagner@example.com" }
      : c.key === "phone"
      ? { ...c, example: "0176 12345678" }
      : c
  ),
  {
    key: "license_class",
    header: "Führerscheinklasse",
    aliases: ["klasse", "führerschein", "fuehrerscheinklasse", "license class", "licence class"],
    required: true,
    list: ["B", "B78", "B197"],
    example: "B",
    help: "Pflichtfeld. „B“ (Schaltwagen), „B78“ (nur Automatik) oder „B197“ (Automatik mit " +
      "Schaltkompetenz).",
    width: 18,
  },
  {
    key: "school_name",
    header: "Schule",
    aliases: ["schulname", "name der schule", "school", "school name"],
    example: "Helmholtz-Gymnasium",
    help: "Freiwillig. Die Schule, z. B. „Helmholtz-Gymnasium“.",
    width: 22,
  },
  {
    key: "start_location",
    header: "Startort",
    aliases: ["wunschstartort", "treffpunkt", "abholort", "start location"],
    list: startLocations,
    example: "Barop",
    help: `Freiwillig. Wo die Fahrstunden beginnen: ${
      startLocations.map((s) => `„${s}“`).join(", ")
    }.`,
    width: 16,
  },
  {
    key: "available_in_holidays",
    header: "In den Ferien verfügbar",
    aliases: ["ferien", "ferien verfügbar", "ferienverfügbarkeit", "available in holidays"],
    list: ["ja", "nein"],
    example: "ja",
    help: "„ja“ oder „nein“: ob der Schüler auch in den Schulferien fahren kann. Leer = „ja“.",
    width: 14,
  },
  ...studentDays,
  {
    key: "vacations",
    header: "Urlaub",
    aliases: ["urlaubstage", "urlaubszeiten", "abwesenheit", "vacation", "vacations"],
    example: "19.07.2027-30.07.2027",
    help: "Freiwillig. Urlaub als Zeiträume „von-bis“, mehrere mit „;“ getrennt, z. B. " +
      "„19.07.2027-30.07.2027; 24.12.2027“.",
    width: 28,
  },
  {
    key: "notes",
    header: "Notizen",
    aliases: ["notiz", "bemerkung", "bemerkungen", "anmerkungen", "notes", "comment"],
    example: "",
    help: "Freiwillig. Alles Weitere, z. B. „Bevorzugt Termine nach 16 Uhr“.",
    width: 30,
  },
];

/**
 * The role's columns with the school's pickup points in the Startort column (its drop-down and its
 * help); the spec's four places without a list.
 */
export function columnsWithPickupPoints(role: Role, pickupPoints?: readonly string[]): Column[] {
  if (!pickupPoints) return columnsFor[role];
  return columnsFor[role].map((column) =>
    column.key !== "start_location" ? column : {
      ...column,
      list: [...pickupPoints],
      example: pickupPoints[0] ?? "",
      help: `Freiwillig. Wo die Fahrstunden beginnen: ${
        pickupPoints.map((s) => `„${s}“`).join(", ")
      }.`,
    }
  );
}

export const columnsFor: Record<Role, Column[]> = {
  instructor: instructorColumns,
  student: studentColumns,
};

/** The example row's e-mail: a file that still holds it did not mean to import that person. */
export function exampleEmail(role: Role): string {
  return String(columnsFor[role].find((c) => c.key === "email")!.example);
}

/** Every squashed spelling → column key, for one role ("name" maps to "full_name"). */
export function headerIndex(role: Role): Map<string, string> {
  const index = new Map<string, string>();
  for (const column of columnsFor[role]) {
    for (const text of [column.header, column.key, ...column.aliases]) {
      index.set(squash(text), column.key);
    }
  }
  for (const text of fullNameAliases) index.set(squash(text), "full_name");
  return index;
}

export const roleLabel: Record<Role, { one: string; many: string; sheet: string }> = {
  instructor: { one: "Fahrlehrer", many: "Fahrlehrer", sheet: "Fahrlehrer" },
  student: { one: "Fahrschüler", many: "Fahrschüler", sheet: "Fahrschüler" },
};
