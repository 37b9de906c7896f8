import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Avatar, initials } from "./avatar.tsx";

afterEach(cleanup);

describe("initials", () => {
  it("takes the first letters of first and last name, upper-case", () => {
    expect(initials({ username: "anna@x.de", first_name: "anna", last_name: "özdemir" })).toBe(
      "AÖ",
    );
  });

  it("falls back to the first two letters of the username when a name part is missing", () => {
    expect(initials({ username: "mk.fahrschule", first_name: "Max", last_name: "" })).toBe("MK");
    expect(initials({ username: "admin" })).toBe("AD");
  });
});

describe("Avatar", () => {
  it("shows the initials with the username as tooltip", () => {
    render(<Avatar user={{ username: "jkrueger", first_name: "Jana", last_name: "Krüger" }} />);
    const avatar = screen.getByRole("img", { name: "jkrueger" });
    expect(avatar.textContent).toBe("JK");
    expect(avatar.getAttribute("title")).toBe("jkrueger");
  });
});
