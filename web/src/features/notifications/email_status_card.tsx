import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { SimpleTable } from "../../components/ui/simple_table.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../lib/api.ts";
import { PushFailureNotice } from "./push_failure_notice.tsx";
import { UncertainResendsNotice } from "./uncertain_resends_notice.tsx";
import "./notifications.css";

/** The query key of the outbox's state as the office sees it. */
export const notificationStatusKey = ["notification-status"] as const;

const messagesWord = (n: number) => `${n} ${n === 1 ? "Nachricht wartet" : "Nachrichten warten"}`;

/**
 * "Benachrichtigungen" on the dashboard: whether e-mail goes out (without SMTP_URL the outbox only
 * collects), the addresses that refused a message, push messages a push service refused, messages
 * that may have gone out twice after a crash, and the school's reminder time.
 */
export function EmailStatusCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const hoursId = useId();
  const { data: status } = useQuery({
    queryKey: notificationStatusKey,
    queryFn: ({ signal }) => call("GET /admin/notification-status/", { signal }),
  });
  // What the office typed; until then the stored value.
  const [typed, setTyped] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (reminder_hours: number) =>
      call("PUT /admin/notification-settings/", { body: { reminder_hours } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationStatusKey, answer);
      setTyped(null);
      toast.show("Erinnerungszeit gespeichert", "success");
    },
    onError: (err) =>
      toast.show(
        err instanceof ApiError && err.message ? err.message : "Fehler beim Speichern",
        "error",
      ),
  });
  if (!status) return null;
  const hours = typed ?? String(status.reminder_hours);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(Number(hours));
  }

  return (
    <section className="card email-status" aria-labelledby="email-status-title">
      <h2 id="email-status-title">Benachrichtigungen</h2>
      {status.email_configured
        ? (
          <p className="muted">
            E-Mails an Fahrlehrer und Fahrschüler werden verschickt: bei einem veröffentlichten
            Plan, bei Änderungen durch das Büro und als Erinnerung vor jedem Termin.
            {status.waiting > 0 && ` ${messagesWord(status.waiting)} auf den Versand.`}
          </p>
        )
        : (
          <p className="alert alert-warning" role="status">
            E-Mail ist nicht eingerichtet: Benachrichtigungen werden gesammelt, aber nicht
            verschickt ({messagesWord(status.waiting)}). Zum Einrichten SMTP_URL und SMTP_FROM
            setzen (siehe Betriebsanleitung).
          </p>
        )}
      <p className="muted">
        {status.push_devices === 0
          ? "Push-Nachrichten: noch kein Gerät angemeldet. Fahrlehrer und Fahrschüler erlauben sie selbst unter „Benachrichtigungen“ in ihrem Benutzermenü."
          : `Push-Nachrichten gehen an ${
            status.push_devices === 1
              ? "1 angemeldetes Gerät"
              : `${status.push_devices} angemeldete Geräte`
          }.`}
      </p>
      {status.push_failed && <PushFailureNotice failures={status.push_failed} />}
      {status.failed.length > 0 && (
        <div className="email-failed">
          <p className="alert alert-error" role="alert">
            Nicht zustellbar: {status.failed.length}{" "}
            {status.failed.length === 1 ? "Adresse hat" : "Adressen haben"}{" "}
            E-Mails abgelehnt. Bitte die Adresse in den Personendaten prüfen.
          </p>
          <SimpleTable labels={["Person", "E-Mail-Adresse", "Antwort des Mailservers"]}>
            {status.failed.map((f) => (
              <tr key={f.address}>
                <td data-label="Person">{f.name || "–"}</td>
                <td data-label="E-Mail-Adresse">{f.address}</td>
                <td data-label="Antwort des Mailservers">{f.error}</td>
              </tr>
            ))}
          </SimpleTable>
        </div>
      )}
      <UncertainResendsNotice count={status.uncertain_resends} />
      <form className="email-reminder" onSubmit={submit}>
        <label htmlFor={hoursId}>Erinnerung vor jedem Termin (Stunden)</label>
        <input
          id={hoursId}
          className="input"
          type="number"
          min={1}
          max={168}
          required
          value={hours}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={save.isPending}>
          Speichern
        </button>
      </form>
    </section>
  );
}
