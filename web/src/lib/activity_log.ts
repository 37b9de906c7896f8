import { SCHOOL_TIME_ZONE } from "../../../common/time_zone.ts";

/** One entry of the local activity log (spec 01 §3). */
export interface ActivityEntry {
  id: string;
  message: string;
  type: ToastType;
  icon: "check-circle" | "alert-circle" | "alert-triangle" | "info";
  timestamp: string;
}

/** The four kinds of toast and activity entry. */
export type ToastType = "success" | "error" | "info" | "warning";

/** localStorage key of the activity list. */
export const activityStorageKey = "activity-log";
/** Fired on window after every change, so open lists re-read the log. */
export const activityChangeEvent = "fahrplan:activity-change";
/** The log keeps at most this many entries (spec 01 §9). */
export const maxActivityEntries = 50;
/** The icon a toast or activity entry of each kind shows. */
export const toastIcons: Record<ToastType, ActivityEntry["icon"]> = {
  success: "check-circle",
  error: "alert-circle",
  warning: "alert-triangle",
  info: "info",
};

/** The stored entries, newest first. */
export function readActivities(): ActivityEntry[] {
  try {
    const list = JSON.parse(localStorage.getItem(activityStorageKey) ?? "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Adds an entry at the front and keeps at most 50. */
export function recordActivity(message: string, type: ToastType, now = new Date()): ActivityEntry {
  const entry: ActivityEntry = {
    // randomUUID exists only in secure contexts; a school server on plain http must still work.
    id: globalThis.crypto?.randomUUID?.() ??
      `${now.getTime()}-${Math.random().toString(36).slice(2)}`,
    message,
    type,
    icon: toastIcons[type],
    timestamp: now.toISOString(),
  };
  const list = [entry, ...readActivities()].slice(0, maxActivityEntries);
  try {
    localStorage.setItem(activityStorageKey, JSON.stringify(list));
  } catch { /* storage full or blocked: the toast still shows, only the log misses it */ }
  globalThis.dispatchEvent(new Event(activityChangeEvent));
  return entry;
}

/** 'Gerade eben', 'Vor N Minuten', 'Vor N Stunden', then a German day/month hour:minute date. */
export function relativeTime(timestamp: string, now = new Date()): string {
  const then = new Date(timestamp);
  if (Number.isNaN(then.getTime())) return "";
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60000);
  if (minutes < 1) return "Gerade eben";
  if (minutes < 60) return `Vor ${minutes} ${minutes === 1 ? "Minute" : "Minuten"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Vor ${hours} ${hours === 1 ? "Stunde" : "Stunden"}`;
  return then.toLocaleString("de-DE", {
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: SCHOOL_TIME_ZONE,
  });
}
