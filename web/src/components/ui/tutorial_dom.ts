/**
 * The page as the tour reads it: the dialog a step's element is in, the part of an element the
 * user sees, the spotlight's ring, and scrolling a step's element into view with its tooltip.
 */
import { scrollForRoom, tooltipGap } from "./tutorial_logic.ts";

/**
 * The part of the page the user sees: on a phone the layout may be wider than the screen (or
 * zoomed), so the tooltip keeps to the visual viewport, not to the layout's.
 */
export function visibleArea() {
  const vv = globalThis.visualViewport;
  const root = document.documentElement;
  return vv
    ? { x: vv.offsetLeft, y: vv.offsetTop, width: vv.width, height: vv.height }
    : { x: 0, y: 0, width: root.clientWidth, height: root.clientHeight };
}

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Fields a dialog asks to fill in (a tooltip over them would hide the work the step asks for). */
const fillable = "input:not([type=file]):not([type=hidden]):not([readonly]), select, textarea";

/**
 * Whether the dialog around a step's element holds work beside that element: fields to fill in,
 * or a table to read (the import preview, the credentials) that the step does not point at.
 */
export function workInDialog(target: HTMLElement | null): boolean {
  const dialog = dialogOf(target);
  if (!dialog || !target) return false;
  if (dialog.querySelector(fillable)) return true;
  return [...dialog.querySelectorAll("table")].some((table) => !target.contains(table));
}

/**
 * Scrolls the step's element into view with room for the tooltip below it when the two fit on
 * the screen together (a tall section at 1280 x 800), else centred. Inside a dialog the dialog's
 * own scrolling is left to the browser.
 */
export function bringIntoView(element: HTMLElement) {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
  const header = Number.isFinite(padding) ? padding : 0;
  // The tooltip as it will stand: without the line it shows while the element is looked for.
  const shown = document.querySelector<HTMLElement>(".tutorial-tooltip");
  const waiting = shown?.querySelector<HTMLElement>(".tutorial-waiting");
  const tooltip = (shown?.offsetHeight ?? 320) - (waiting ? waiting.offsetHeight + 8 : 0);
  const by = dialogOf(element)
    ? null
    : scrollForRoom(element.getBoundingClientRect(), innerHeight, header, tooltip, tooltipGap);
  if (by === null) element.scrollIntoView?.({ block: "center", behavior: "instant" });
  else scrollBy({ top: by, behavior: "instant" });
}

/**
 * The part of an element its scrolling containers let the user see: a table row wider than its
 * sideways-scrolling table is highlighted up to the table's edge, not past the screen's.
 */
export function visibleRect(element: Element): Box {
  let { top, left, right, bottom } = element.getBoundingClientRect();
  for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    const clip = up.getBoundingClientRect();
    if (style.overflowX !== "visible") {
      left = Math.max(left, clip.left);
      right = Math.min(right, clip.right);
    }
    if (style.overflowY !== "visible") {
      top = Math.max(top, clip.top);
      bottom = Math.min(bottom, clip.bottom);
    }
  }
  return { top, left, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** The ring's outline is drawn outside its box, this wide (tutorial.css). */
const ringWidth = 3;

/**
 * The spotlight's box: the element with some room around it. An element that reaches the
 * screen's edge (the navigation bar at the top) gets its room and ring inside the screen, so the
 * ring shows on all sides instead of being cut off there.
 */
export function ringAround(box: Box, pad: number) {
  const area = visibleArea();
  const inside = (ring: number, element: number, limit: number, outward: number) =>
    (ring - limit) * outward > -ringWidth && (element - limit) * outward <= 1
      ? limit - outward * ringWidth
      : ring;
  const top = inside(box.top - pad, box.top, area.y, -1);
  const left = inside(box.left - pad, box.left, area.x, -1);
  const bottom = inside(box.top + box.height + pad, box.top + box.height, area.y + area.height, 1);
  const right = inside(box.left + box.width + pad, box.left + box.width, area.x + area.width, 1);
  return { top, left, width: right - left, height: bottom - top };
}

/** The page dialog the element is in, if any. */
export function dialogOf(element: HTMLElement | null): HTMLElement | null {
  return element?.closest<HTMLElement>(".modal") ?? null;
}
