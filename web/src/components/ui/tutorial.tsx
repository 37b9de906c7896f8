import {
  autoUpdate,
  detectOverflow,
  flip,
  type Middleware,
  offset,
  shift,
  useFloating,
} from "@floating-ui/react-dom";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { ProgressBar } from "./progress_bar.tsx";
import { useConfirm } from "./confirm_dialog.tsx";
import {
  advanceAfterMs,
  besideDialog,
  canGoOn,
  coverAtMostPx,
  findElement,
  lookupDelayMs,
  movesOnByItself,
  nextIndex,
  outOfReach,
  pollMs,
  previousIndex,
  roomBelowDialog,
  roomBesideDialog,
  roomToMake,
  scrollForRoom,
  shownEnough,
  type StepCondition,
  type TutorialStep,
} from "./tutorial_logic.ts";
import "./tutorial.css";

export type { StepCondition, TutorialStep } from "./tutorial_logic.ts";

/** The spec's question when a tutorial is closed before its end. */
export const tutorialCloseQuestion =
  "Möchten Sie das Tutorial wirklich beenden? Sie können es jederzeit über den ?-Button neu starten.";

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Room between the highlighted element and the spotlight's edge, in px. */
const spotlightPad = 6;
/** Gap between the spotlight and the tooltip, and the tooltip's least distance from the screen edge. */
const tooltipGap = 10;

/**
 * The part of the page the user sees: on a phone the layout may be wider than the screen (or
 * zoomed), so the tooltip keeps to the visual viewport, not to the layout's.
 */
function visibleArea() {
  const vv = globalThis.visualViewport;
  const root = document.documentElement;
  return vv
    ? { x: vv.offsetLeft, y: vv.offsetTop, width: vv.width, height: vv.height }
    : { x: 0, y: 0, width: root.clientWidth, height: root.clientHeight };
}

/** A tooltip without element: upper middle of the visible area (the CSS centres it there). */
function freeSpot() {
  const area = visibleArea();
  return { left: area.x + area.width / 2, top: area.y + area.height * 0.3 };
}

/**
 * Neither below nor above fits. Short of it by a strip (coverAtMostPx), the tooltip moves up
 * over the element's lower edge; else (a tall element such as the whole week grid) it goes to
 * the bottom right corner of the screen, over the weekend columns rather than the workdays.
 */
const cornerWhenCramped: Middleware = {
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
const offTheDialog: Middleware = {
  name: "offTheDialog",
  fn(state) {
    const reference = state.elements.reference;
    const dialog = reference instanceof Element ? reference.closest<HTMLElement>(".modal") : null;
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

/** Fields a dialog asks to fill in (a tooltip over them would hide the work the step asks for). */
const fillable = "input:not([type=file]):not([type=hidden]):not([readonly]), select, textarea";

/**
 * Whether the dialog around a step's element holds work beside that element: fields to fill in,
 * or a table to read (the import preview, the credentials) that the step does not point at.
 */
function workInDialog(target: HTMLElement | null): boolean {
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
function bringIntoView(element: HTMLElement) {
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
function visibleRect(element: Element): Box {
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
function ringAround(box: Box, pad: number) {
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
function dialogOf(element: HTMLElement | null): HTMLElement | null {
  return element?.closest<HTMLElement>(".modal") ?? null;
}

/**
 * Finds the step's element: at once, or - after a navigation - 300 ms later and then every
 * 200 ms until the screen shows it, so a slow screen makes the step wait rather than fail.
 */
function useStepTarget(step: TutorialStep | undefined, active: boolean, navigated: boolean) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useEffect(() => {
    setTarget(null);
    if (!active || !step?.target) return;
    const selector = step.target;
    let timer: ReturnType<typeof setTimeout>;
    const look = () => {
      const element = findElement(document, selector, step.withText);
      if (element) {
        bringIntoView(element);
        setTarget(element);
      } else timer = setTimeout(look, pollMs);
    };
    timer = setTimeout(look, navigated ? lookupDelayMs : 0);
    return () => clearTimeout(timer);
  }, [step, active, navigated]);
  // The element may be replaced (a dialog re-rendered) or removed: look again then.
  useEffect(() => {
    if (!target || !step?.target) return;
    const timer = setInterval(() => {
      if (!target.isConnected) {
        setTarget(findElement(document, step.target!, step.withText));
      }
    }, pollMs);
    return () => clearInterval(timer);
  }, [target, step]);
  useKeptInView(target);
  return target;
}

/**
 * Keeps the step's element on screen until the user scrolls by hand: a screen that reloads its
 * data is short for a moment, the browser scrolls to the top meanwhile, and the element would
 * otherwise stay far below once the content is back.
 */
function useKeptInView(target: HTMLElement | null) {
  useEffect(() => {
    if (!target) return;
    let userScrolled = false;
    const byHand = () => (userScrolled = true);
    const scrollKeys = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);
    const byKey = (event: KeyboardEvent) => scrollKeys.has(event.key) && byHand();
    addEventListener("wheel", byHand, { passive: true });
    addEventListener("touchmove", byHand, { passive: true });
    addEventListener("keydown", byKey);
    const keep = () => {
      if (userScrolled || !target.isConnected) return;
      if (!shownEnough(target.getBoundingClientRect(), innerHeight)) bringIntoView(target);
    };
    const timer = setInterval(keep, pollMs);
    // Cards that grow as their data arrives move the element at once; following the page's size
    // brings it back in the same frame instead of up to 200 ms later (seen on a phone at step 47).
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(keep);
    resized?.observe(document.body);
    return () => {
      clearInterval(timer);
      resized?.disconnect();
      removeEventListener("wheel", byHand);
      removeEventListener("touchmove", byHand);
      removeEventListener("keydown", byKey);
    };
  }, [target]);
}

/**
 * Whether the step's condition holds yet, and whether it held as the step began. A click or a
 * chosen file is heard on the document before the page's own handlers run (the import field
 * clears itself in its handler); an element appearing or going away is looked for every 200 ms.
 * An element to be closed that is not there at the start was closed already: a dialog the
 * office closed during the step before must not leave this step waiting for ever.
 */
function useCondition(
  condition: StepCondition | undefined,
  target: HTMLElement | null,
  active: boolean,
): { met: boolean; heldAtStart: boolean } {
  // Kept with the condition it is about: in the render that shows the next step, the last
  // step's "met" must not count (with no delay to move on, it would skip the new step at once).
  const [held, setHeld] = useState<{ of: StepCondition; atStart: boolean } | null>(null);
  // Read at click time: the element is found after the step starts, and finding it must not
  // restart the listening (a dialog closed meanwhile would be missed).
  const targetRef = useRef(target);
  targetRef.current = target;
  useEffect(() => {
    setHeld(null);
    if (!active || !condition) return;
    const setMet = (atStart = false) => setHeld({ of: condition, atStart });
    if (condition.kind === "click") {
      const onClick = (event: MouseEvent) => {
        const element = condition.selector
          ? findElement(document, condition.selector, condition.withText)
          : targetRef.current;
        if (element && event.target instanceof Node && element.contains(event.target)) {
          setMet();
        }
      };
      document.addEventListener("click", onClick, true);
      return () => document.removeEventListener("click", onClick, true);
    }
    if (condition.kind === "file") {
      const onChange = (event: Event) => {
        const input = event.target;
        if (input instanceof HTMLInputElement && input.type === "file" && input.files?.length) {
          setMet();
        }
      };
      document.addEventListener("change", onChange, true);
      return () => document.removeEventListener("change", onChange, true);
    }
    if (
      condition.kind === "closed" &&
      findElement(document, condition.selector, condition.withText) === null
    ) {
      setMet(true);
      return;
    }
    let seen = false;
    let done = false;
    // An element to appear that is there as the step begins (its dialog still open when the
    // office comes back with Zurück) held at the start: the step then waits for Weiter. Once
    // held it stays so; a later look must not turn it into a fresh one that moves on.
    const check = (atStart = false) => {
      if (done) return;
      const present = findElement(document, condition.selector, condition.withText) !== null;
      if (condition.kind === "appear" && present) done = true;
      if (condition.kind === "closed") {
        if (present) seen = true;
        else if (seen) done = true;
      }
      if (done) setMet(atStart);
    };
    check(true);
    const timer = setInterval(() => check(), pollMs);
    return () => clearInterval(timer);
  }, [condition, active]);
  const met = active && condition !== undefined && held?.of === condition;
  return { met, heldAtStart: met && held?.atStart === true };
}

interface TutorialProps {
  steps: TutorialStep[];
  open: boolean;
  /** the tour ends: finished, skipped or closed (after the question); `completed` on Fertig */
  onFinish(completed?: boolean): void;
  label: string;
  /** a welcome dialog before the first step (the admin tour's) */
  welcome?: { title: string; text: string };
  /** the heading of a step's section, shown above its title */
  sectionOf?(index: number): string;
  /** goes to a step's route (the caller's router) */
  navigate?(route: string): void;
  /** the current route, to know whether a step must navigate */
  pathname?: string;
}

/**
 * The one tour engine of the product: an optional welcome dialog, then each step's element
 * highlighted with a tooltip, progress, 'Schritt X von N', Zurück/Weiter/Fertig, 'Tutorial
 * überspringen' and a close button that asks first. Steps may go to a route, wait for their
 * element, and wait for a condition before Weiter is enabled; a met condition moves on by itself
 * after the spec's delay.
 */
export function Tutorial(
  { steps, open, onFinish, label, welcome, sectionOf, navigate, pathname }: TutorialProps,
) {
  const [index, setIndex] = useState(0);
  const [welcoming, setWelcoming] = useState(Boolean(welcome));
  const [asking, setAsking] = useState(false);
  const [navigated, setNavigated] = useState(false);
  const [box, setBox] = useState<Box | null>(null);
  const confirm = useConfirm();
  const tooltipRef = useRef<HTMLDivElement | null>(null);
  const step: TutorialStep | undefined = steps[index];
  const active = open && !welcoming;

  // Every start begins at the welcome dialog (or step 1); a close resets too.
  useEffect(() => {
    if (open) {
      setIndex(0);
      setWelcoming(Boolean(welcome));
    }
  }, [open, welcome]);

  // A step of another screen goes there first; its element is then looked up 300 ms later.
  useEffect(() => {
    if (!active || !step?.route || !navigate) return;
    if (pathname !== step.route) {
      setNavigated(true);
      navigate(step.route);
    }
  }, [active, step, navigate, pathname]);
  useEffect(() => setNavigated(false), [index]);

  const target = useStepTarget(step, active, navigated);
  const { met, heldAtStart } = useCondition(step?.condition, target, active);
  /** the step was reached with Zurück (a condition met already then waits for Weiter) */
  const [cameBack, setCameBack] = useState(false);
  /** the step was reached by the office's Zurück or Weiter, not by a condition that held */
  const [byHand, setByHand] = useState(false);
  useEffect(() => {
    if (open) setByHand(false);
  }, [open]);
  // A dialog step reached by hand whose dialog is closed shows its text without a highlight and
  // lets the office go on: its element will not come back by itself, and "Einen Moment" would
  // stand there for ever. Looked at before the step paints, so that line never flashes.
  const [gone, setGone] = useState(false);
  useLayoutEffect(() => {
    const found = Boolean(step?.target && findElement(document, step.target, step.withText));
    setGone(active && outOfReach(step, byHand, found));
  }, [active, step, byHand]);
  const unreachable = gone && !target;

  // Once the step's skip element showed, it stays skippable (the user may close its dialog).
  const [skippable, setSkippable] = useState(false);
  useEffect(() => {
    setSkippable(false);
    const skip = step?.skip;
    if (!active || !skip) return;
    const check = () => {
      if (findElement(document, skip.selector, skip.withText)) setSkippable(true);
    };
    check();
    const timer = setInterval(check, pollMs);
    return () => clearInterval(timer);
  }, [active, step]);
  const skipping = skippable && !met && step?.skip;

  const goOn = useCallback(() => {
    setCameBack(false);
    setByHand(!(met && step?.condition));
    if (skipping) return setIndex(skipping.to);
    const next = nextIndex(index, steps.length);
    if (next === null) onFinish(true);
    else setIndex(next);
  }, [index, steps.length, onFinish, skipping, met, step]);

  // A met condition moves on by itself (spec 01 §4 timings).
  useEffect(() => {
    if (!met || !step?.condition || !movesOnByItself(heldAtStart, cameBack)) return;
    const timer = setTimeout(goOn, advanceAfterMs(step.condition));
    return () => clearTimeout(timer);
  }, [met, heldAtStart, cameBack, step, goOn]);

  // A step without condition that points into a page dialog is done once the office closes that
  // dialog (the link dialog closed at "Link kopieren"): the tour moves on rather than point at
  // an element that is gone.
  // Which step's element was seen inside a dialog is kept apart from `target`: useStepTarget
  // drops a removed element at its own look, and when that look came first the check below was
  // torn down with it and the step waited for ever (seen in CI, about one run in two).
  const [dialogSeenAt, setDialogSeenAt] = useState<number | null>(null);
  useEffect(() => {
    if (target && step?.target && target.matches(step.target) && dialogOf(target)) {
      setDialogSeenAt(index);
    }
  }, [target, step, index]);
  useEffect(() => {
    if (!active || dialogSeenAt !== index || step?.condition || !step?.target) return;
    const selector = step.target;
    const check = () => {
      if (findElement(document, selector, step.withText)) return;
      goOn();
    };
    const timer = setInterval(check, pollMs);
    return () => clearInterval(timer);
  }, [active, dialogSeenAt, index, step, goOn]);

  // A dialog step come to by the dialog appearing (the step before waited for it) whose dialog is
  // closed before the step's own look found its element (the link dialog closed at once): the
  // dialog the step before saw is remembered, and the step moves on once it is gone, as it does
  // when its element was seen in it.
  const appeared = useRef<{ dialog: HTMLElement; at: number } | null>(null);
  useEffect(() => {
    const condition = step?.condition;
    if (!active || !met || condition?.kind !== "appear") return;
    const dialog = dialogOf(findElement(document, condition.selector, condition.withText));
    if (dialog) appeared.current = { dialog, at: index };
  }, [active, met, step, index]);
  useEffect(() => {
    const seen = appeared.current;
    if (!active || target || dialogSeenAt === index || step?.condition || !step?.target) return;
    if (step.route || !seen || seen.at !== index - 1) return;
    const check = () => {
      if (!seen.dialog.isConnected) goOn();
    };
    const timer = setInterval(check, pollMs);
    return () => clearInterval(timer);
  }, [active, target, dialogSeenAt, index, step, goOn]);

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

  // A page dialog the step does not point into (a confirmation, the next dialog of a flow) is
  // the user's to answer first: the tour steps aside meanwhile and its conditions keep listening.
  const [dialogAside, setDialogAside] = useState(false);
  useEffect(() => {
    setDialogAside(false);
    // A step whose dialog gave way to the next one stays in front of that one: the office came
    // back to read it.
    if (!active || unreachable) return;
    const check = () => {
      const overlays = [...document.querySelectorAll(".modal-overlay")];
      setDialogAside(overlays.some((overlay) => !target || !overlay.contains(target)));
    };
    check();
    const timer = setInterval(check, pollMs);
    return () => clearInterval(timer);
  }, [active, target, unreachable]);

  // Focus goes into the tooltip with every step, unless the page's own dialog holds it.
  useEffect(() => {
    if (!active || asking) return;
    const tooltip = tooltipRef.current;
    if (!tooltip) return;
    if (document.activeElement?.closest(".modal") && step?.condition) return;
    tooltip.focus({ preventScroll: true });
  }, [active, asking, index, step, dialogAside]);

  const close = useCallback(async () => {
    setAsking(true);
    const sure = await confirm({
      message: tutorialCloseQuestion,
      variant: "info",
      confirmLabel: "Beenden",
    });
    setAsking(false);
    if (sure) onFinish(false);
  }, [confirm, onFinish]);

  useEffect(() => {
    if (!open || asking || dialogAside) return;
    const onKey = (event: KeyboardEvent) => {
      // An open dialog handles its own Escape and marks it handled; only a free Escape is ours.
      if (event.key === "Escape" && !event.defaultPrevented) void close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, asking, dialogAside, close]);

  if (!open || asking) return null;

  if (welcoming && welcome) {
    return (
      <div className="tutorial-layer" data-react-aria-top-layer="true">
        <div className="tutorial-backdrop" />
        <div
          className="tutorial-tooltip tutorial-tooltip-free tutorial-welcome"
          style={freeSpot()}
          role="dialog"
          aria-modal="true"
          aria-labelledby="tutorial-welcome-title"
          aria-describedby="tutorial-welcome-text"
        >
          <h2 id="tutorial-welcome-title" className="tutorial-title">{welcome.title}</h2>
          <p id="tutorial-welcome-text">{welcome.text}</p>
          <div className="tutorial-actions">
            <button type="button" className="button-link tutorial-skip" onClick={() => onFinish()}>
              Tutorial überspringen
            </button>
            <button
              type="button"
              className="button button-primary button-small"
              autoFocus
              onClick={() => setWelcoming(false)}
            >
              Tutorial starten
            </button>
          </div>
        </div>
      </div>
    );
  }
  if (!step || dialogAside) return null;

  const last = index === steps.length - 1;
  const ready = canGoOn(step, met) || Boolean(skipping) || unreachable;
  const pad = spotlightPad;
  // Around the highlighted element four shields keep the page from being clicked; the element
  // itself stays usable, since several steps ask for a click on it, and so does the whole dialog
  // it is in (its fields are to be filled in before its button is pressed).
  const usable = hole ?? box;
  const shields = usable
    ? [
      { top: 0, left: 0, right: 0, height: Math.max(0, usable.top - pad) },
      { top: usable.top + usable.height + pad, left: 0, right: 0, bottom: 0 },
      {
        top: usable.top - pad,
        left: 0,
        width: Math.max(0, usable.left - pad),
        height: usable.height + 2 * pad,
      },
      {
        top: usable.top - pad,
        left: usable.left + usable.width + pad,
        right: 0,
        height: usable.height + 2 * pad,
      },
    ]
    : [];
  const textShown = !compact || expanded;
  return (
    <div className="tutorial-layer" data-react-aria-top-layer="true">
      {box
        ? (
          <>
            {shields.map((style, k) => <div key={k} className="tutorial-shield" style={style} />)}
            {hole && hole !== box && dialogOf(target) && (
              // The dialog stays bright as a whole; the ring below marks its button.
              <div
                className="tutorial-dim"
                style={{
                  top: hole.top,
                  left: hole.left,
                  width: hole.width,
                  height: hole.height,
                }}
              />
            )}
            <div
              className={`tutorial-spotlight ${dialogOf(target) ? "tutorial-ring" : ""}`.trim()}
              data-testid="tutorial-spotlight"
              style={ringAround(box, pad)}
            />
          </>
        )
        : <div className="tutorial-backdrop tutorial-shield" />}
      <div
        ref={(el) => {
          tooltipRef.current = el;
          refs.setFloating(el);
        }}
        className={`tutorial-tooltip ${target ? "" : "tutorial-tooltip-free"} ${
          compact ? "tutorial-compact" : ""
        }`.trim()}
        style={target ? floatingStyles : freeSpot()}
        role="dialog"
        // A step that asks for a click on the page leaves the page usable.
        aria-modal={step.condition ? undefined : "true"}
        aria-label={label}
        aria-describedby="tutorial-text"
        tabIndex={-1}
        data-step={index + 1}
      >
        <div className="tutorial-head">
          <p className="tutorial-progress-text">
            Schritt {index + 1} von {steps.length}
            {sectionOf && <span className="tutorial-section">· {sectionOf(index)}</span>}
          </p>
          <button
            type="button"
            className="icon-button tutorial-close"
            aria-label="Tutorial schließen"
            onClick={close}
          >
            ×
          </button>
        </div>
        <ProgressBar
          className="tutorial-progress"
          label="Fortschritt"
          min={1}
          max={steps.length}
          now={index + 1}
          fillPercent={((index + 1) / steps.length) * 100}
        />
        <h2 className="tutorial-title">{step.title}</h2>
        <p id="tutorial-text" hidden={!textShown}>{step.text}</p>
        {compact && (
          <button
            type="button"
            className="button-link tutorial-more"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? "Erklärung ausblenden" : "Erklärung anzeigen"}
          </button>
        )}
        {skipping && <p className="tutorial-hint" role="status">{skipping.hint}</p>}
        {unreachable && (
          <p className="tutorial-hint" role="status">
            Das Fenster zu diesem Schritt ist schon geschlossen – „Weiter“ führt zum nächsten
            Schritt.
          </p>
        )}
        {step.target && !target && !skipping && !met && !unreachable && (
          <p className="tutorial-waiting" role="status">Einen Moment, die Ansicht wird geladen …</p>
        )}
        {step.condition && !met && !skipping && textShown && !unreachable && (
          <p className="tutorial-hint">
            {step.condition.kind === "file"
              ? "Wählen Sie eine Datei, dann geht es weiter."
              : step.condition.kind === "appear"
              ? "Weiter, sobald der Vorgang abgeschlossen ist."
              : step.condition.kind === "closed"
              ? "Schließen Sie das Fenster, dann geht es weiter."
              : "Klicken Sie auf das markierte Element, dann geht es weiter."}
          </p>
        )}
        <div className="tutorial-actions">
          <button type="button" className="button-link tutorial-skip" onClick={() => onFinish()}>
            Tutorial überspringen
          </button>
          <span className="tutorial-nav">
            {index > 0 && (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => {
                  setCameBack(true);
                  setByHand(true);
                  setIndex(previousIndex(index));
                }}
              >
                Zurück
              </button>
            )}
            <button
              type="button"
              className="button button-primary button-small"
              disabled={!ready}
              onClick={goOn}
            >
              {last ? "Fertig" : "Weiter"}
            </button>
          </span>
        </div>
      </div>
    </div>
  );
}
