import { describe, expect, it } from "vitest";
import { changePasswordProblem } from "./change_password_form.tsx";

describe("changePasswordProblem", () => {
  const ok = { current: "alt-passwort-1", next: "ein gutes neues Passwort", repeat: "" };
  it("says in German what is wrong before the server is asked", () => {
    expect(changePasswordProblem({ ...ok, current: "" }, "lena")).toBe(
      "Bitte geben Sie Ihr aktuelles Passwort ein.",
    );
    expect(changePasswordProblem({ ...ok, next: "kurz" }, "lena")).toBe(
      "Das neue Passwort muss mindestens 10 Zeichen lang sein.",
    );
    expect(changePasswordProblem({ ...ok, next: "Lena-1234567" }, "lena")).toBe(
      "Das neue Passwort darf den Benutzernamen nicht enthalten.",
    );
    expect(changePasswordProblem(ok, "lena")).toBe(
      "Die beiden neuen Passwörter stimmen nicht überein.",
    );
  });
  it("passes a good password typed twice", () => {
    expect(changePasswordProblem({ ...ok, repeat: ok.next }, "lena")).toBe("");
  });
});
