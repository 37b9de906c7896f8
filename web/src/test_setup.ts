import { setLayoutCheck } from "./components/ui/tutorial_logic.ts";

// Unit tests run in jsdom, which lacks CSS.escape; react-aria calls it when a dialog or popover
// opens. The browser has it, so only the tests need this.
if (typeof CSS === "undefined" || !CSS.escape) {
  const escape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...(globalThis as { CSS?: object }).CSS, escape } });
}

// jsdom lays out nothing (no element has boxes): the tours' look for their elements counts every
// element as shown there, where the browser leaves out the ones with display: none.
setLayoutCheck(() => true);
