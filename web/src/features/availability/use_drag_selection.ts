import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef } from "react";

/** How far (px) a finger moves before the gesture counts as a drag or a scroll, not a tap. */
export const touchSlop = 10;

/**
 * Click-and-drag marking with pointer events. The first cell decides whether the drag adds or
 * removes; the drag ends on release anywhere. Cells are found under the pointer with
 * elementFromPoint, because a touch pointer stays captured by the cell it started on.
 *
 * Touch (issue 14, problem 3): nothing is marked on touch-down. A finger that lifts within
 * `touchSlop` is a tap and toggles its hour; one that first moves sideways drags a range; one that
 * first moves vertically is a scroll and marks nothing. The cells have `touch-action: pan-y`, so
 * the browser scrolls vertically itself and ends our gesture with pointercancel.
 */
export function useDragSelection(
  isSelected: (key: string) => boolean,
  apply: (key: string, selected: boolean) => void,
  canEdit: (key: string) => boolean = () => true,
) {
  const mode = useRef<boolean | null>(null);
  const cleanup = useRef<() => void>(() => {});

  useEffect(() => () => cleanup.current(), []);

  const onPointerDown = useCallback((event: ReactPointerEvent<HTMLElement>, key: string) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (!canEdit(key)) return;
    const touch = event.pointerType !== "mouse";
    const startX = event.clientX;
    const startY = event.clientY;
    const selected = !isSelected(key);
    // Touch: undecided until the finger lifts (tap) or moves past the slop (drag or scroll).
    let phase: "undecided" | "drag" | "scroll" = touch ? "undecided" : "drag";
    mode.current = selected;
    if (!touch) apply(key, selected);
    const mark = (x: number, y: number) => {
      const cell = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-slot]");
      const slot = cell?.dataset.slot;
      if (slot && mode.current !== null && canEdit(slot)) apply(slot, mode.current);
    };
    const move = (e: PointerEvent) => {
      if (e.pointerId !== event.pointerId || mode.current === null) return;
      if (phase === "undecided") {
        const dx = Math.abs(e.clientX - startX);
        const dy = Math.abs(e.clientY - startY);
        if (Math.max(dx, dy) < touchSlop) return;
        if (dy >= dx) {
          phase = "scroll";
          return end();
        }
        phase = "drag";
        apply(key, selected);
      }
      if (phase === "drag") mark(e.clientX, e.clientY);
    };
    const up = (e: PointerEvent) => {
      if (e.pointerId !== event.pointerId) return;
      if (phase === "undecided") apply(key, selected);
      end();
    };
    const end = () => {
      mode.current = null;
      cleanup.current();
    };
    cleanup.current();
    globalThis.addEventListener("pointermove", move);
    globalThis.addEventListener("pointerup", up);
    globalThis.addEventListener("pointercancel", end);
    cleanup.current = () => {
      globalThis.removeEventListener("pointermove", move);
      globalThis.removeEventListener("pointerup", up);
      globalThis.removeEventListener("pointercancel", end);
      cleanup.current = () => {};
    };
  }, [isSelected, apply, canEdit]);

  /** Keyboard activation (Enter/Space) arrives as a click without a pointer: toggle then. */
  const onKeyboardClick = useCallback((detail: number, key: string) => {
    if (detail === 0 && canEdit(key)) apply(key, !isSelected(key));
  }, [isSelected, apply, canEdit]);

  return { onPointerDown, onKeyboardClick };
}
