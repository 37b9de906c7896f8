/**
 * The parts of the tour engine that need no screen: what a step waits for, how long after its
 * condition the tour moves on, and where Zurück/Weiter lead (spec 01 §4, "Tutorial (admin)").
 */

/**
 * What a step waits for before Weiter is enabled. Each one moves the tour on by itself shortly
 * after it holds (autoAdvanceMs).
 * - click: a click on the step's target, or on `selector`/`withText` when given
 * - file: a file chosen in any file field of the page
 * - appear: an element shows up, e.g. the "Import abgeschlossen" dialog after an import;
 *   `advanceMs` overrides the spec's 1500 ms where the element is the next step's screen itself
 *   (the link dialog after 'Link erstellen': waiting would only hide the tooltip meanwhile)
 * - closed: an element that was there goes away, e.g. the test-data dialog being closed; one
 *   that is not there when the step begins was closed already (during the step before)
 */
export type StepCondition =
  | { kind: "click"; selector?: string; withText?: string }
  | { kind: "file" }
  | { kind: "appear"; selector: string; withText?: string; advanceMs?: number }
  | { kind: "closed"; selector: string; withText?: string };

/** One step: where it is shown, what it points at, its German text and what it waits for. */
export interface TutorialStep {
  /** CSS selector of the element the step points at; none: the tooltip stands alone */
  target?: string;
  /** only an element among `target` whose text contains this (buttons have no other handle) */
  withText?: string;
  /** route the tour goes to before the step is shown */
  route?: string;
  title: string;
  text: string;
  condition?: StepCondition;
  /**
   * The step's work cannot be done because it is done already (the file's people exist from an
   * earlier run of the tour): once this element shows, Weiter is free, `hint` says why, and it
   * leads to step `to` (0-based) instead of the next.
   */
  skip?: { selector: string; withText?: string; to: number; hint: string };
}

/** Spec 01 §4: the tour moves on this long after a step's condition holds. */
export const autoAdvanceMs: Record<StepCondition["kind"], number> = {
  file: 500,
  appear: 1500,
  click: 300,
  closed: 300,
};

/** How long after its condition held a step moves on by itself. */
export function advanceAfterMs(condition: StepCondition): number {
  if (condition.kind === "appear" && condition.advanceMs !== undefined) return condition.advanceMs;
  return autoAdvanceMs[condition.kind];
}

/**
 * Whether a met condition moves the tour on by itself. A condition that held as the step began
 * (its dialog closed during the step before) does so when the tour came forward to the step,
 * not when it came back with Zurück: the office wants to read that step again.
 */
export function movesOnByItself(heldAtStart: boolean, cameBack: boolean): boolean {
  return !heldAtStart || !cameBack;
}

/**
 * Whether a step's element cannot come by waiting: the step lives in a dialog (it has no route of
 * its own; an earlier step's action opened the dialog) and the office reached it by hand - with
 * Zurück, or Weiter from a step that asked for nothing more - while the element is not there: the
 * dialog was closed (or gave way to the next one). Reached by its condition instead (the click
 * that opens the dialog), the element is still on its way and the step waits for it.
 */
export function outOfReach(
  step: Pick<TutorialStep, "target" | "route"> | undefined,
  byHand: boolean,
  found: boolean,
): boolean {
  return byHand && Boolean(step?.target) && !step?.route && !found;
}

/** Room between the highlighted element and the spotlight's edge, in px. */
export const spotlightPad = 6;
/** Gap between the spotlight and the tooltip, and the tooltip's least distance from the screen edge. */
export const tooltipGap = 10;

/** Spec 01 §2: after a navigation the target is looked up this much later (then waited for). */
export const lookupDelayMs = 300;
/** How often a missing target or an awaited element is looked for again. */
export const pollMs = 200;
/** Spec 01 §9: a tour starts this long after its screen loads. */
export const autoStartDelayMs = 1000;

/** Zurück never goes below the first step. */
export function previousIndex(index: number): number {
  return Math.max(0, index - 1);
}

/** Weiter goes one on; past the last step there is none (the tour is finished). */
export function nextIndex(index: number, count: number): number | null {
  return index + 1 < count ? index + 1 : null;
}

/** Whether Weiter may be pressed: a step without condition at once, else once it held. */
export function canGoOn(step: TutorialStep | undefined, conditionMet: boolean): boolean {
  return !step?.condition || conditionMet;
}

/** Whether an element is laid out: one with display: none (or inside such) has no boxes. */
let laidOut = (element: HTMLElement) =>
  element.getClientRects().length > 0 || element.offsetParent !== null;

/**
 * Replaces the layout check of findElement: an environment that lays out nothing (the unit
 * tests' jsdom, web/src/test_setup.ts) counts every element as shown.
 */
export function setLayoutCheck(check: (element: HTMLElement) => boolean): void {
  laidOut = check;
}

/**
 * The first element among `selector` whose text contains `withText` (any when not given) and
 * that is rendered (a closed dialog's leftovers or a hidden duplicate do not count).
 */
export function findElement(
  root: ParentNode,
  selector: string,
  withText?: string,
): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>(selector)) {
    if (withText && !(element.textContent ?? "").includes(withText)) continue;
    if (laidOut(element)) return element;
  }
  return null;
}

/**
 * Whether an element is shown as well as the screen allows: whole when it fits, filling the
 * screen when it is taller (1 px of rounding allowed).
 */
export function shownEnough(rect: { top: number; bottom: number }, screenHeight: number): boolean {
  const fits = rect.bottom - rect.top <= screenHeight;
  if (fits) return rect.top >= -1 && rect.bottom <= screenHeight + 1;
  return rect.top <= 1 && rect.bottom >= screenHeight - 1;
}

interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Where a tooltip of `width` x `height` stands when its step points into a page dialog: beside
 * the dialog when the screen has room there (a desktop). Without that room a `compact` tooltip
 * (a dialog with fields to fill in, on a phone) goes to the free band above or below the dialog,
 * else to the top edge (the step's button sits in the dialog's footer); a full one is left where
 * it was placed beside the button (null).
 */
export function besideDialog(
  dialog: Rect,
  target: Rect,
  area: { x: number; y: number; width: number; height: number },
  size: { width: number; height: number },
  gap: number,
  compact: boolean,
): { x: number; y: number } | null {
  const right = area.x + area.width;
  const bottom = area.y + area.height;
  const middle = (target.top + target.bottom) / 2 - size.height / 2;
  const y = Math.min(Math.max(middle, area.y + gap), bottom - size.height - gap);
  if (right - dialog.right >= size.width + 2 * gap) return { x: dialog.right + gap, y };
  if (dialog.left - area.x >= size.width + 2 * gap) return { x: dialog.left - gap - size.width, y };
  if (!compact) return null;
  const x = area.x + (area.width - size.width) / 2;
  const above = dialog.top - area.y;
  const below = bottom - dialog.bottom;
  if (above >= size.height + 2 * gap && above >= below) {
    return { x, y: dialog.top - gap - size.height };
  }
  if (below >= size.height + 2 * gap) return { x, y: dialog.bottom + gap };
  return { x, y: area.y + gap };
}

/** The overlay's padding around a page dialog (modal.css), in px. */
export const dialogMarginPx = 16;
/** A dialog moved aside for the tooltip keeps at least this width (its tables stay readable). */
export const dialogLeastWidthPx = 640;

/**
 * A dialog too wide for the tooltip beside it on a desktop (the import preview, 1024 px, at
 * 1440 px): how much room on its right the page keeps free for the tooltip, the dialog moving to
 * the left edge (and narrowing if need be), so the tooltip covers none of its table. null: it
 * has room already, or the screen is too narrow to give it without squeezing the dialog.
 */
export function roomToMake(
  dialog: { left: number; right: number },
  area: { x: number; width: number },
  tooltipWidth: number,
  gap: number,
): number | null {
  if (roomBesideDialog(dialog, area, tooltipWidth, gap)) return null;
  const need = tooltipWidth + 2 * gap;
  const width = Math.min(dialog.right - dialog.left, area.width - 2 * dialogMarginPx - need);
  return width >= dialogLeastWidthPx ? need : null;
}

/**
 * A dialog on a phone that leaves no band above or below it for a compact tooltip of
 * `tooltipHeight` (the import preview fills the screen): how much room the page keeps free below
 * it, the dialog growing shorter and its content scrolling, so the tooltip covers none of its
 * table. null: a band fits already.
 */
export function roomBelowDialog(
  dialog: { top: number; bottom: number },
  area: { y: number; height: number },
  tooltipHeight: number,
  gap: number,
): number | null {
  const need = tooltipHeight + 2 * gap;
  const above = dialog.top - area.y;
  const below = area.y + area.height - dialog.bottom;
  return above >= need || below >= need ? null : need;
}

/** Whether the screen has room for the tooltip beside a dialog (else it is shown compact). */
export function roomBesideDialog(
  dialog: { left: number; right: number },
  area: { x: number; width: number },
  tooltipWidth: number,
  gap: number,
): boolean {
  const need = tooltipWidth + 2 * gap;
  return area.x + area.width - dialog.right >= need || dialog.left - area.x >= need;
}

/**
 * How far a tooltip may lie over the lower edge of its element rather than go to the screen's
 * corner: a strip this high hides less than a corner over the element's middle (seen at the
 * fairness chart, whose tallest bar stood in the corner).
 */
export const coverAtMostPx = 64;

/**
 * How far to scroll so an element and its tooltip (`tooltipHeight`, with `gap` on each side) fit
 * on the screen together below a sticky header of `headerHeight`: the element then stands just
 * below the header with the tooltip under it (over at most its lowest coverAtMostPx). null:
 * centring leaves room enough already, or the two cannot fit at all (the tooltip then takes a
 * corner).
 */
export function scrollForRoom(
  rect: { top: number; bottom: number },
  screenHeight: number,
  headerHeight: number,
  tooltipHeight: number,
  gap: number,
): number | null {
  const height = rect.bottom - rect.top;
  const free = screenHeight - headerHeight;
  const need = tooltipHeight + 2 * gap;
  if ((free - height) / 2 >= need) return null;
  if (height + need > free + coverAtMostPx) return null;
  return rect.top - headerHeight - gap;
}
