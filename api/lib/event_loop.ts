/**
 * Lets the event loop run what waits (other requests, database answers) before the caller goes
 * on: a timer callback comes after pending I/O, a resolved promise would not. Long exports call it
 * between their parts so they do not hold every other request (issue 24).
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
