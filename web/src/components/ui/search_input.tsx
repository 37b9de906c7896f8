import { useEffect, useId, useRef, useState } from "react";
import { de } from "../../i18n/de.ts";
import { Icon } from "./icons.tsx";
import "./search_input.css";

interface SearchInputProps {
  /** the search the list currently uses */
  value: string;
  /** called once typing has paused for `delayMs` */
  onSearch(value: string): void;
  label: string;
  placeholder?: string;
  delayMs?: number;
}

/** A labelled search field that reports what was typed after a short pause (debounced). */
export function SearchInput(
  { value, onSearch, label, placeholder = de.list.searchPlaceholder, delayMs = 300 }:
    SearchInputProps,
) {
  const id = useId();
  const [text, setText] = useState(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const lastSent = useRef(value);

  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      onSearchRef.current(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <div className="search-field" role="search">
      <label htmlFor={id} className="sr-only">{label}</label>
      <Icon name="search" />
      <input
        id={id}
        type="search"
        className="input"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            // Enter searches at once instead of waiting for the pause.
            lastSent.current = text;
            onSearchRef.current(text);
          }
        }}
      />
    </div>
  );
}
