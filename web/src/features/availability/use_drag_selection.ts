import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef } from "react";

/**
 * Click-and-drag marking with pointer events (mouse, pen and touch alike). The first cell decides
 * whether the drag adds or removes; the drag ends on release anywhere. Cells are found under the
 * pointer with elementFromPoint, because a touch pointer stays captured by the cell it started on.
 */
export function useDragSelection(
  isSelected: (key: string) => boolean,
  apply: (key: string, selected: boolean) => void,
) {
  const mode = useRef<boolean | null>(null);
  const cleanup = useRef<() => void>(() => {});

  useEffect(() => () => cleanup.current(), []);

  const onPointerDown = useCallback((event: ReactPointerEvent<HTMLElement>, key: string) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const selected = !isSelected(key);
    mode.current = selected;
    apply(key, selected);
    const move = (e: PointerEvent) => {
      if (mode.current === null) return;
      const cell = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>(
        "[data-slot]",
      );
      const slot = cell?.dataset.slot;
      if (slot) apply(slot, mode.current);
    };
    const end = () => {
      mode.current = null;
      cleanup.current();
    };
    cleanup.current();
    globalThis.addEventListener("pointermove", move);
    globalThis.addEventListener("pointerup", end);
    globalThis.addEventListener("pointercancel", end);
    cleanup.current = () => {
      globalThis.removeEventListener("pointermove", move);
      globalThis.removeEventListener("pointerup", end);
      globalThis.removeEventListener("pointercancel", end);
      cleanup.current = () => {};
    };
  }, [isSelected, apply]);

  /** Keyboard activation (Enter/Space) arrives as a click without a pointer: toggle then. */
  const onKeyboardClick = useCallback((detail: number, key: string) => {
    if (detail === 0) apply(key, !isSelected(key));
  }, [isSelected, apply]);

  return { onPointerDown, onKeyboardClick };
}
