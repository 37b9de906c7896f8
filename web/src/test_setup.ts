// Unit tests run in jsdom, which lacks CSS.escape; react-aria calls it when a dialog or popover
// opens. The browser has it, so only the tests need this.
if (typeof CSS === "undefined" || !CSS.escape) {
  const escape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...(globalThis as { CSS?: object }).CSS, escape } });
}
