import { ApiError, call } from "../api.ts";

/**
 * A sign-out made without a connection. The session cookie cannot be read or removed by a script,
 * so the device remembers that the server still has to hear of the sign-out: until it has, the
 * app treats nobody as signed in, and the sign-out is sent as soon as the server can be reached.
 */
const storageKey = "fahrplan-logout-pending";
let sending: Promise<boolean> | null = null;

export function rememberPendingLogout(): void {
  localStorage.setItem(storageKey, "1");
}

export function logoutPending(): boolean {
  return localStorage.getItem(storageKey) === "1";
}

/** Sends a remembered sign-out; answers whether none is left pending. */
export function deliverPendingLogout(): Promise<boolean> {
  if (!logoutPending()) return Promise.resolve(true);
  sending ??= send().finally(() => {
    sending = null;
  });
  return sending;
}

async function send(): Promise<boolean> {
  try {
    await call("POST /auth/logout/");
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // Still no connection, or the server cannot answer yet: try again later.
    if (err.status === 0 || err.status >= 500 || err.status === 429) return false;
    // Any other answer (the session had already ended): nothing is left to end.
  }
  localStorage.removeItem(storageKey);
  return true;
}
