/** One entry of the local activity log (spec 01 §3). */
export interface ActivityEntry {
  id: string;
  message: string;
  type: ToastType;
  icon: "check-circle" | "alert-circle" | "alert-triangle" | "info";
  timestamp: string;
}

export type ToastType = "success" | "error" | "info" | "warning";

export const activityStorageKey = "activity-log";
const maxEntries = 50;
const icons: Record<ToastType, ActivityEntry["icon"]> = {
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
    id: crypto.randomUUID(),
    message,
    type,
    icon: icons[type],
    timestamp: now.toISOString(),
  };
  const list = [entry, ...readActivities()].slice(0, maxEntries);
  localStorage.setItem(activityStorageKey, JSON.stringify(list));
  return entry;
}

/** 'Gerade eben', 'Vor N Minuten', 'Vor N Stunden', then a German day/month hour:minute date. */
export function relativeTime(timestamp: string, now = new Date()): string {
  const then = new Date(timestamp);
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
    timeZone: "Europe/Berlin",
  });
}
