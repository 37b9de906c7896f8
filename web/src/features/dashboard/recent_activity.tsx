import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { ActivityAnswer, ActivityEntry } from "../../../../common/contract/admin_data.ts";
import { Icon } from "../../components/ui/icons.tsx";
import { toastIcons, type ToastType } from "../../components/ui/toast.tsx";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { germanDateTime, relativeGermanTime } from "../../lib/relative_time.ts";
import "./recent_activity.css";

/** The colour of a line: failures red, deletions and cancels yellow, new things green. */
function kindOf(action: string): ToastType {
  if (action.endsWith(".failed")) return "error";
  if (action.includes("delete") || action.endsWith(".cancel")) return "warning";
  if (/\.(create|completed|approve)$/.test(action) || action.startsWith("import.")) {
    return "success";
  }
  return "info";
}

/** The list, shown as it came from the server; a separate function so tests can render it. */
export function ActivityLines({ answer, now }: { answer: ActivityAnswer; now: Date }) {
  if (answer.results.length === 0) {
    return <p className="muted activity-empty">Noch keine Aktivitäten.</p>;
  }
  return (
    <div className="activity">
      <ul className="activity-list">
        {answer.results.map((entry: ActivityEntry) => {
          const kind = kindOf(entry.action);
          return (
            <li key={entry.id} className={`activity-item activity-${kind}`}>
              <span className="activity-icon">
                <Icon name={toastIcons[kind]} strokeWidth={2.2} />
              </span>
              <span className="activity-text">
                <span className="activity-message">{entry.summary}</span>
                <span className="activity-time">
                  <time dateTime={entry.created_at} title={germanDateTime(entry.created_at)}>
                    {relativeGermanTime(entry.created_at, now)}
                  </time>
                  {" · "}
                  {entry.actor_name}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      {answer.more > 0 && (
        <p className="activity-more">
          <Link to="/aktivitaeten">+ {answer.more} weitere</Link>
        </p>
      )}
    </div>
  );
}

/**
 * "Letzte Aktivitäten" (spec 01 §2): the 10 newest lines of the server's activity log and how
 * many more there are. Loads again when a save marks the log stale (a planner run, an import, a
 * bulk delete) and every 30 s, which also moves 'vor N Minuten' on.
 */
export function RecentActivity() {
  const { data: answer, dataUpdatedAt } = useQuery({
    queryKey: queryKeys.activity,
    queryFn: ({ signal }) => call("GET /admin/activity/", { signal }),
    refetchInterval: 30_000,
  });
  const now = new Date(dataUpdatedAt);

  return (
    <section
      className="card"
      aria-labelledby="activity-title"
      data-testid="recent-activity"
      data-tutorial="activity"
    >
      <h2 id="activity-title" className="card-title">Letzte Aktivitäten</h2>
      {answer
        ? <ActivityLines answer={answer} now={now} />
        : <p className="muted">Wird geladen …</p>}
    </section>
  );
}
