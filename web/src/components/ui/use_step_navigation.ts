/**
 * Where a tour stands: the welcome dialog or a step, how the step was reached (by a condition
 * that held, by Weiter, by Zurück), and the route a step of another screen goes to first.
 */
import { useCallback, useEffect, useState } from "react";
import { nextIndex, previousIndex, type TutorialStep } from "./tutorial_logic.ts";

export interface StepNavigationOptions {
  steps: TutorialStep[];
  open: boolean;
  welcome?: { title: string; text: string };
  onFinish(completed?: boolean): void;
  navigate?(route: string): void;
  pathname?: string;
}

export function useStepNavigation(
  { steps, open, welcome, onFinish, navigate, pathname }: StepNavigationOptions,
) {
  const [index, setIndex] = useState(0);
  const [welcoming, setWelcoming] = useState(Boolean(welcome));
  const [navigated, setNavigated] = useState(false);
  /** the step was reached with Zurück (a condition met already then waits for Weiter) */
  const [cameBack, setCameBack] = useState(false);
  /** the step was reached by the office's Zurück or Weiter, not by a condition that held */
  const [byHand, setByHand] = useState(false);
  const step: TutorialStep | undefined = steps[index];
  const active = open && !welcoming;

  // Every start begins at the welcome dialog (or step 1); a close resets too.
  useEffect(() => {
    if (open) {
      setIndex(0);
      setWelcoming(Boolean(welcome));
      setByHand(false);
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

  /** Weiter, or a held condition: to step `to` (a skip), else the next; past the last, Fertig. */
  const forward = useCallback((byCondition: boolean, to?: number) => {
    setCameBack(false);
    setByHand(!byCondition);
    if (to !== undefined) return setIndex(to);
    const next = nextIndex(index, steps.length);
    if (next === null) onFinish(true);
    else setIndex(next);
  }, [index, steps.length, onFinish]);

  const back = useCallback(() => {
    setCameBack(true);
    setByHand(true);
    setIndex(previousIndex(index));
  }, [index]);

  return {
    index,
    step,
    active,
    welcoming,
    endWelcome: () => setWelcoming(false),
    navigated,
    cameBack,
    byHand,
    forward,
    back,
  };
}
