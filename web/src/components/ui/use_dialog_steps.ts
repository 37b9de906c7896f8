/**
 * The page dialogs a tour's steps point into. A dialog step moves on once its dialog is closed,
 * says so when it is reached by hand with its dialog closed, and a dialog the step does not point
 * into (a confirmation) is the office's to answer first: the tour steps aside meanwhile.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { findElement, outOfReach, pollMs, type TutorialStep } from "./tutorial_logic.ts";
import { dialogOf } from "./tutorial_dom.ts";

interface DialogStepState {
  active: boolean;
  index: number;
  step: TutorialStep | undefined;
  target: HTMLElement | null;
  /** the step's condition holds */
  met: boolean;
  byHand: boolean;
  /** moves the tour on (the dialog was closed) */
  goOn(): void;
}

/**
 * A dialog step reached by hand whose dialog is closed shows its text without a highlight and
 * lets the office go on: its element will not come back by itself, and "Einen Moment" would
 * stand there for ever. Looked at before the step paints, so that line never flashes.
 */
export function useUnreachable(
  active: boolean,
  step: TutorialStep | undefined,
  byHand: boolean,
  target: HTMLElement | null,
): boolean {
  const [gone, setGone] = useState(false);
  useLayoutEffect(() => {
    const found = Boolean(step?.target && findElement(document, step.target, step.withText));
    setGone(active && outOfReach(step, byHand, found));
  }, [active, step, byHand]);
  return gone && !target;
}

/**
 * A step without condition that points into a page dialog is done once the office closes that
 * dialog (the link dialog closed at "Link kopieren"): the tour moves on rather than point at an
 * element that is gone.
 */
export function useMovesOnWhenDialogCloses(
  { active, index, step, target, met, byHand, goOn }: DialogStepState,
) {
  // Which step's element was seen inside a dialog is kept apart from `target`: useStepTarget
  // drops a removed element at its own look, and when that look came first the check below was
  // torn down with it and the step waited for ever (seen in CI, about one run in two).
  // Seen on this visit of the step only: come back to by Zurück with its dialog closed, the step
  // must wait to be read, not move on at once (it went on by itself under load, CI).
  const [dialogSeenAt, setDialogSeenAt] = useState<number | null>(null);
  useEffect(() => setDialogSeenAt(null), [index]);
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
  // when its element was seen in it. Not for a step reached by hand (Zurück, Weiter): its dialog
  // was closed long before, and the office came to read the step (it went on by itself to step 9).
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
    if (step.route || byHand || !seen || seen.at !== index - 1) return;
    const check = () => {
      if (!seen.dialog.isConnected) goOn();
    };
    const timer = setInterval(check, pollMs);
    return () => clearInterval(timer);
  }, [active, target, dialogSeenAt, index, step, byHand, goOn]);
}

/**
 * A page dialog the step does not point into (a confirmation, the next dialog of a flow) is the
 * user's to answer first: the tour steps aside meanwhile and its conditions keep listening.
 */
export function useDialogAside(
  active: boolean,
  target: HTMLElement | null,
  unreachable: boolean,
): boolean {
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
  return dialogAside;
}
