import { assertEquals } from "../testing/assert.ts";
import { baseUsername } from "./usernames.ts";

Deno.test("usernames are lower-case vorname.nachname, ASCII-folded", () => {
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
    assertEquals(baseUsername(first, last), expected, `${first} ${last}`);
  }
});
