import { useSyncExternalStore } from "react";
import { getSyncState, subscribeSync, type SyncState } from "./sync.ts";

/** The offline queue's state, re-rendering on every change. */
export function useSyncState(): SyncState {
  return useSyncExternalStore(subscribeSync, getSyncState, getSyncState);
}
