import { useEffect, useState } from "react";
import {
  activityChangeEvent,
  type ActivityEntry,
  activityStorageKey,
  readActivities,
  relativeTime,
} from "../../lib/activity_log.ts";
import { Icon } from "./icons.tsx";
import "./activity_list.css";

/** The recent activity log (toasts of this browser): the newest `limit` entries and '+ N weitere'. */
export function ActivityList({ limit = 10 }: { limit?: number }) {
  const [entries, setEntries] = useState<ActivityEntry[]>(() => readActivities());
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const reload = () => {
      setEntries(readActivities());
      setNow(new Date());
    };
    const onStorage = (event: StorageEvent) => event.key === activityStorageKey && reload();
    globalThis.addEventListener(activityChangeEvent, reload);
    globalThis.addEventListener("storage", onStorage);
    // 'Vor N Minuten' has to move on while the list stays open.
    const tick = setInterval(() => setNow(new Date()), 30_000);
    return () => {
      globalThis.removeEventListener(activityChangeEvent, reload);
      globalThis.removeEventListener("storage", onStorage);
      clearInterval(tick);
    };
  }, []);

  if (entries.length === 0) {
    return <p className="muted activity-empty">Noch keine Aktivitäten.</p>;
  }
  const shown = entries.slice(0, limit);
  const rest = entries.length - shown.length;
  return (
    <div className="activity">
      <ul className="activity-list">
        {shown.map((entry) => (
          <li key={entry.id} className={`activity-item activity-${entry.type}`}>
            <span className="activity-icon">
              <Icon name={entry.icon} strokeWidth={2.2} />
            </span>
            <span className="activity-text">
              <span className="activity-message">{entry.message}</span>
              <time className="activity-time" dateTime={entry.timestamp}>
                {relativeTime(entry.timestamp, now)}
              </time>
            </span>
          </li>
        ))}
      </ul>
      {rest > 0 && <p className="activity-more">+ {rest} weitere</p>}
    </div>
  );
}
