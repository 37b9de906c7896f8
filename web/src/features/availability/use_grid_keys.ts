import { type FocusEvent, type KeyboardEvent, useState } from "react";

const steps: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * The keyboard of a grid of hour buttons as one composite widget (issue 14, problem 9), for the
 * desktop grid and each day of the phone's day list alike: one Tab stop (roving tabindex), the
 * arrow keys move, Home/End go to the row's ends, Space or Enter toggles (the buttons' own click),
 * Shift+arrows give the hour moved to the state of the hour moved from.
 *
 * Every focusable place carries `data-pos="row-column"` (0 to lastRow, 0 to lastColumn); places
 * without an element (a corner, a day that is not planned) are skipped. Hours carry `data-slot`,
 * and only a move between two of them extends.
 */
export function useGridKeys(options: {
  initial: string;
  lastRow: number;
  lastColumn: number;
  onExtend(fromSlot: string, toSlot: string): void;
}) {
  const { lastRow, lastColumn } = options;
  const [active, setActive] = useState(options.initial);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const pos = target.dataset.pos;
    if (!pos) return;
    const [row, col] = pos.split("-").map(Number);
    const container = event.currentTarget;
    const at = (r: number, c: number) =>
      container.querySelector<HTMLElement>(`[data-pos="${r}-${c}"]`);
    let next: HTMLElement | null = null;
    if (event.key in steps) {
      const [dr, dc] = steps[event.key];
      let r = row + dr;
      let c = col + dc;
      while (r >= 0 && r <= lastRow && c >= 0 && c <= lastColumn && !at(r, c)) {
        r += dr;
        c += dc;
      }
      next = at(r, c);
    } else if (event.key === "Home" || event.key === "End") {
      const columns = Array.from({ length: lastColumn + 1 }, (_, c) => c);
      if (event.key === "End") columns.reverse();
      next = columns.map((c) => at(row, c)).find(Boolean) ?? null;
    }
    if (!next) return;
    event.preventDefault();
    const from = target.dataset.slot;
    const to = next.dataset.slot;
    if (event.shiftKey && event.key in steps && from && to) options.onExtend(from, to);
    setActive(next.dataset.pos!);
    next.focus();
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const pos = (event.target as HTMLElement).dataset.pos;
    if (pos) setActive(pos);
  };

  return {
    /** 0 for the one place in the Tab order, -1 for the others */
    tabIndex: (pos: string) => (pos === active ? 0 : -1),
    onKeyDown,
    onFocus,
  };
}
