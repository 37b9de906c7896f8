import { expect, it } from "vitest";
import { baseUsername } from "./usernames.ts";

it("makes usernames lower-case vorname.nachname, ASCII-folded", () => {
  const cases: [string, string, string][] = [
    ["Jürgen", "Weiß", "juergen.weiss"],
    ["Özlem", "Yılmaz", "oezlem.yilmaz"],
    ["Zoë", "Groß-Łukasz", "zoe.gross-lukasz"],
    ["José María", "García", "jose-maria.garcia"],
    ["  Anna ", "", "anna"],
    ["", "", "benutzer"],
    ["李", "王", "benutzer"],
  ];
  for (const [first, last, expected] of cases) {
    expect(baseUsername(first, last), `${first} ${last}`).toBe(expected);
  }
});
