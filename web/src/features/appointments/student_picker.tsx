import { useId, useState } from "react";

interface Student {
  id: number;
  name: string;
}

/** How many matches the list shows: a large school has 2,000 students, a list of all helps none. */
const SHOWN = 8;

/** Lower case without accents: "jorg" finds "Jörg", "yilmaz" finds "Yılmaz". */
const fold = (text: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replaceAll("ı", "i");

/** The students whose name holds every typed word, in the list's order. */
export function matchStudents(students: Student[], typed: string): Student[] {
  const words = fold(typed).split(/\s+/).filter(Boolean);
  return students.filter((s) => words.every((w) => fold(s.name).includes(w)));
}

/**
 * 'Fahrschüler' as a searchable field (issue 25, point 5): typing part of a name lists the
 * matching students; a click or Enter picks one. A select of 2,000 names cannot be searched.
 */
export function StudentPicker(
  { students, value, onChange, error }: {
    students: Student[];
    value: string;
    onChange(id: string): void;
    /** the form's objection to the choice, shown under the field and linked to it */
    error?: string;
  },
) {
  const id = useId();
  const chosen = students.find((s) => String(s.id) === value);
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = typed !== null;
  const matches = open ? matchStudents(students, typed).slice(0, SHOWN) : [];

  function pick(student: Student) {
    onChange(String(student.id));
    setTyped(null);
  }

  return (
    <div className="form-field student-picker">
      <label htmlFor={id} className="required">Fahrschüler</label>
      <input
        id={id}
        name="student_id"
        role="combobox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-field-error` : undefined}
        aria-expanded={open && matches.length > 0}
        aria-controls={open ? `${id}-list` : undefined}
        aria-autocomplete="list"
        autoComplete="off"
        placeholder="Namen eingeben …"
        value={typed ?? chosen?.name ?? ""}
        onChange={(e) => {
          setTyped(e.target.value);
          setActive(0);
          if (value) onChange("");
        }}
        onFocus={(e) => e.target.select()}
        onBlur={() => setTyped(null)}
        onKeyDown={(e) => {
          if (!open || !matches.length) return;
          if (e.key === "ArrowDown") setActive((a) => Math.min(a + 1, matches.length - 1));
          else if (e.key === "ArrowUp") setActive((a) => Math.max(a - 1, 0));
          else if (e.key === "Enter") pick(matches[active]);
          else if (e.key === "Escape") setTyped(null);
          else return;
          e.preventDefault();
        }}
      />
      {error && <span id={`${id}-field-error`} className="field-error" role="alert">{error}</span>}
      {open && (
        <ul id={`${id}-list`} role="listbox" className="student-picker-list" aria-label="Treffer">
          {matches.length === 0 && (
            <li className="student-picker-none">Kein Fahrschüler gefunden</li>
          )}
          {matches.map((s, i) => (
            <li
              key={s.id}
              role="option"
              aria-selected={i === active}
              // mousedown, not click: the input's blur would close the list before the click.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(s);
              }}
            >
              {s.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
