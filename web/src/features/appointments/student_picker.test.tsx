import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { matchStudents, StudentPicker } from "./student_picker.tsx";

afterEach(cleanup);

/** A large school: 2,000 students, names built from a few first and last names. */
const firsts = ["Lena", "Jörg", "Paul", "Zoe", "Mia", "Ben", "Emma", "Noah"];
const lasts = ["Becker", "Yılmaz", "Schulz", "Öztürk", "Wagner"];
const students = Array.from({ length: 2000 }, (_, i) => ({
  id: i + 1,
  name: `${firsts[i % firsts.length]} ${lasts[Math.floor(i / 8) % lasts.length]} ${i + 1}`,
}));

function Picker() {
  const [value, setValue] = useState("");
  return (
    <>
      <StudentPicker students={students} value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe("the searchable student picker (issue 25, point 5)", () => {
  it("finds by any part of the name, every word, without accents", () => {
    const found = matchStudents(students, "jorg oztu");
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((s) => s.name.startsWith("Jörg Öztürk"))).toBe(true);
    expect(matchStudents(students, "1999")).toEqual([students[1998]]);
    // A Turkish dotless ı is found by typing i.
    expect(matchStudents(students, "zoe yilmaz").length).toBeGreaterThan(0);
  });

  it("lists a handful of matches for what is typed and picks one with a click or Enter", () => {
    render(<Picker />);
    const input = screen.getByRole("combobox", { name: "Fahrschüler" });
    fireEvent.change(input, { target: { value: "emma" } });
    const options = screen.getAllByRole("option");
    expect(options.length).toBe(8);
    expect(options.every((o) => o.textContent!.startsWith("Emma"))).toBe(true);
    fireEvent.mouseDown(options[2]);
    expect(screen.getByRole("status").textContent).toBe(
      String(students.find((s) => s.name === options[2].textContent)!.id),
    );
    expect((input as HTMLInputElement).value).toBe(options[2].textContent);
    // Typing again clears the choice until a new one is made; Enter takes the first match.
    fireEvent.change(input, { target: { value: students[1998].name.toLowerCase() } });
    expect(screen.getByRole("status").textContent).toBe("");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(screen.getByRole("status").textContent).toBe("1999");
  });

  it("says so when nobody matches", () => {
    render(<Picker />);
    fireEvent.change(screen.getByRole("combobox", { name: "Fahrschüler" }), {
      target: { value: "xyz" },
    });
    expect(screen.getByText("Kein Fahrschüler gefunden")).toBeTruthy();
  });
});
