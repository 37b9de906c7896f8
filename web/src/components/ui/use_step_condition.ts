/** Whether a step's condition (tutorial_logic.ts: StepCondition) holds yet. */
import { useEffect, useRef, useState } from "react";
import { findElement, pollMs, type StepCondition, type TutorialStep } from "./tutorial_logic.ts";

/**
 * Whether the step's condition holds yet, and whether it held as the step began. A click or a
 * chosen file is heard on the document before the page's own handlers run (the import field
 * clears itself in its handler); an element appearing or going away is looked for every 200 ms.
 * An element to be closed that is not there at the start was closed already: a dialog the
 * office closed during the step before must not leave this step waiting for ever.
 */
export function useCondition(
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

/** Once the step's skip element showed, the step stays skippable (the user may close its dialog). */
export function useSkippable(step: TutorialStep | undefined, active: boolean): boolean {
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
  return skippable;
}
