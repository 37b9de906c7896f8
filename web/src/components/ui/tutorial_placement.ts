/**
 * Where the tour's tooltip stands (floating-ui middleware): below or above its element, in the
 * screen's corner when neither fits, beside a page dialog the step points into.
 */
import { detectOverflow, type Middleware } from "@floating-ui/react-dom";
import { besideDialog, coverAtMostPx, tooltipGap } from "./tutorial_logic.ts";
import { dialogOf, visibleArea } from "./tutorial_dom.ts";

/** A tooltip without element: upper middle of the visible area (the CSS centres it there). */
export function freeSpot() {
  const area = visibleArea();
  return { left: area.x + area.width / 2, top: area.y + area.height * 0.3 };
}

/**
 * Neither below nor above fits. Short of it by a strip (coverAtMostPx), the tooltip moves up
 * over the element's lower edge; else (a tall element such as the whole week grid) it goes to
 * the bottom right corner of the screen, over the weekend columns rather than the workdays.
 */
export const cornerWhenCramped: Middleware = {
  name: "cornerWhenCramped",
  async fn(state) {
    const area = visibleArea();
    const overflow = await detectOverflow(state, { padding: tooltipGap, rootBoundary: area });
    if (overflow.top <= 0 && overflow.bottom <= 0) return {};
    if (
      state.placement.startsWith("bottom") && overflow.top <= 0 &&
      overflow.bottom <= coverAtMostPx
    ) {
      return { y: state.y - overflow.bottom };
    }
    return {
      x: area.x + area.width - state.rects.floating.width - tooltipGap,
      y: area.y + area.height - state.rects.floating.height - tooltipGap,
    };
  },
};

/**
 * A step that points into a page dialog (a button in its footer) asks for work in the whole
 * dialog - fields to fill in, a preview to read: the tooltip keeps off the dialog, beside it when
 * the screen has room, else above or below it (besideDialog).
 */
export const offTheDialog: Middleware = {
  name: "offTheDialog",
  fn(state) {
    const reference = state.elements.reference;
    const dialog = reference instanceof HTMLElement ? dialogOf(reference) : null;
    if (!dialog) return {};
    const spot = besideDialog(
      dialog.getBoundingClientRect(),
      reference.getBoundingClientRect(),
      visibleArea(),
      state.rects.floating,
      tooltipGap,
      state.elements.floating.classList.contains("tutorial-compact"),
    );
    return spot ?? {};
  },
};
