import type { PushFailures } from "../../../../common/contract/notifications.ts";
import { germanDateTime } from "../../lib/relative_time.ts";

/**
 * Push messages a push service refused in the last 7 days: how many, what the newest refusal
 * means (the server's German explanation) and the push service's own answer, for whoever helps.
 */
export function PushFailureNotice({ failures }: { failures: PushFailures }) {
  const { count, explanation, last_error, last_at } = failures;
  return (
    <div className="push-failed">
      <p className="alert alert-error" role="alert">
        Push-Nachrichten nicht zustellbar: {count === 1 ? "1 Nachricht" : `${count} Nachrichten`}
        {" "}
        in den letzten 7 Tagen. {explanation}
      </p>
      <p className="muted push-failed-answer">
        Zuletzt am {germanDateTime(last_at)}: {last_error || "keine Antwort"}
      </p>
    </div>
  );
}
