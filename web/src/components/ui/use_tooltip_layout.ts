/**
 * Where the tooltip and the spotlight stand for a step's element: floating-ui places the tooltip
 * (tutorial_placement.ts), the spotlight follows the element, and a step in a page dialog makes
 * room for the tooltip beside or below the dialog (tutorial.css).
 */
import { autoUpdate, flip, offset, shift, useFloating } from "@floating-ui/react-dom";
import { type RefObject, useEffect, useLayoutEffect, useState } from "react";
import {
  roomBelowDialog,
  roomBesideDialog,
  roomToMake,
  spotlightPad,
  tooltipGap,
} from "./tutorial_logic.ts";
import { type Box, dialogOf, visibleArea, visibleRect, workInDialog } from "./tutorial_dom.ts";
import { cornerWhenCramped, offTheDialog } from "./tutorial_placement.ts";

export function useTooltipLayout(
  target: HTMLElement | null,
  active: boolean,
  index: number,
  tooltipRef: RefObject<HTMLDivElement | null>,
) {
  /** The highlighted element's visible part. */
  const [box, setBox] = useState<Box | null>(null);
  // The tooltip sits below the element, else above it, shifted sideways to stay on screen at any
  // width; a tall element leaves it in the corner. autoUpdate follows scrolling and resizing and
  // moves the spotlight with it.
  const { refs, floatingStyles } = useFloating({
    strategy: "fixed",
    placement: "bottom-start",
    elements: { reference: target },
    middleware: [
      offset(spotlightPad + tooltipGap),
      flip({
        fallbackPlacements: ["top-start"],
        fallbackStrategy: "initialPlacement",
        padding: tooltipGap,
        rootBoundary: visibleArea(),
      }),
      shift({ padding: tooltipGap, rootBoundary: visibleArea() }),
      cornerWhenCramped,
      offTheDialog,
    ],
    whileElementsMounted: (reference, floating, update) =>
      autoUpdate(reference, floating, () => {
        update();
        setBox(visibleRect(reference as Element));
        setHole(visibleRect(dialogOf(reference as HTMLElement) ?? (reference as Element)));
      }),
  });

  // The part of the page left usable: the element, or the whole dialog it is in.
  const [hole, setHole] = useState<Box | null>(null);
  useLayoutEffect(() => {
    setBox(target ? visibleRect(target) : null);
    setHole(target ? visibleRect(dialogOf(target) ?? target) : null);
  }, [target]);
  // A tooltip that cannot stand beside a dialog with fields to fill in or a table to read (a
  // phone) shows its text on request only, so the dialog's work stays in sight.
  const [expanded, setExpanded] = useState(false);
  useEffect(() => setExpanded(false), [index]);
  const area = visibleArea();
  const compact = Boolean(
    hole && workInDialog(target) &&
      !roomBesideDialog(
        { left: hole.left, right: hole.left + hole.width },
        area,
        Math.min(360, area.width - 24),
        tooltipGap,
      ),
  );

  // A dialog too wide for the tooltip beside it (the import preview and the credentials at
  // 1440 px) moves to the screen's left edge while its step is shown, so the tooltip stands
  // beside it instead of over its table (tutorial.css).
  useLayoutEffect(() => {
    const dialog = dialogOf(target);
    const frame = dialog?.closest<HTMLElement>(".modal-frame");
    if (!active || !dialog || !frame) return;
    const area = visibleArea();
    const width = Math.min(360, area.width - 24);
    const room = roomToMake(dialog.getBoundingClientRect(), area, width, tooltipGap);
    if (room === null) return;
    frame.classList.add("tutorial-room-beside");
    frame.style.setProperty("--tutorial-room", `${room}px`);
    return () => {
      frame.classList.remove("tutorial-room-beside");
      frame.style.removeProperty("--tutorial-room");
    };
  }, [active, target]);

  // On a phone a compact tooltip goes to a band above or below the dialog; a dialog that fills
  // the screen (the import preview) grows shorter meanwhile, its content scrolling, so that the
  // tooltip docks at the bottom edge rather than over its rows (tutorial.css).
  useLayoutEffect(() => {
    const dialog = dialogOf(target);
    const frame = dialog?.closest<HTMLElement>(".modal-frame");
    const tooltip = tooltipRef.current;
    if (!active || !compact || !dialog || !frame || !tooltip) return;
    const room = roomBelowDialog(
      dialog.getBoundingClientRect(),
      visibleArea(),
      tooltip.offsetHeight,
      tooltipGap,
    );
    if (room === null) return;
    frame.classList.add("tutorial-room-below");
    frame.style.setProperty("--tutorial-room", `${room}px`);
    return () => {
      frame.classList.remove("tutorial-room-below");
      frame.style.removeProperty("--tutorial-room");
    };
  }, [active, target, compact, expanded]);
  return { refs, floatingStyles, box, hole, compact, expanded, setExpanded };
}
