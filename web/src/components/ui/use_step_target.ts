/** Finding a step's element and keeping it on screen. */
import { useEffect, useState } from "react";
import {
  findElement,
  lookupDelayMs,
  pollMs,
  shownEnough,
  type TutorialStep,
} from "./tutorial_logic.ts";
import { bringIntoView } from "./tutorial_dom.ts";

/**
 * Finds the step's element: at once, or - after a navigation - 300 ms later and then every
 * 200 ms until the screen shows it, so a slow screen makes the step wait rather than fail.
 */
export function useStepTarget(step: TutorialStep | undefined, active: boolean, navigated: boolean) {
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
