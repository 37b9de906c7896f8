import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type {
  NotificationChoices,
  NotificationPreferences,
} from "../../../../common/contract/notifications.ts";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../lib/api.ts";
import { PushDeviceSection } from "./push_device_section.tsx";
import "./notifications.css";

type Choices = Required<NotificationChoices>;

const myKey = ["my-notification-settings"] as const;

const choices: { key: keyof NotificationPreferences; label: string }[] = [
  {
    key: "plan_published",
    label: "Neuer Plan veröffentlicht (eine Nachricht mit allen neuen Terminen)",
  },
  { key: "lesson_changed", label: "Termin verschoben, abgesagt oder neu eingetragen" },
  { key: "reminder", label: "Erinnerung vor jedem Termin" },
];

/**
 * "Benachrichtigungen" from the user menu: which e-mails and which push messages the person gets,
 * per event, and this device's permission for push. Says plainly when nothing can arrive (no
 * address stored, e-mail not set up by the school, no device allowed).
 */
export function NotificationSettingsDialog({ onClose }: { onClose(): void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: myKey,
    queryFn: ({ signal }) => call("GET /my-notification-settings/", { signal }),
  });
  const [edited, setEdited] = useState<Choices | null>(null);
  const save = useMutation({
    mutationFn: (body: Choices) => call("PUT /my-notification-settings/", { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(myKey, answer);
      toast.show("Benachrichtigungen gespeichert", "success");
      onClose();
    },
    onError: (err) =>
      toast.show(
        err instanceof ApiError && err.message ? err.message : "Fehler beim Speichern",
        "error",
      ),
  });
  const current = edited ?? data;

  return (
    <Modal
      open
      title="Benachrichtigungen"
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Abbrechen
          </button>
          <BusyButton
            busy={save.isPending}
            busyLabel="Wird gespeichert..."
            disabled={!current || save.isPending}
            onClick={() =>
              current && save.mutate({
                plan_published: current.plan_published,
                lesson_changed: current.lesson_changed,
                reminder: current.reminder,
                push: current.push,
              })}
          >
            Speichern
          </BusyButton>
        </>
      }
    >
      {!data || !current ? <p className="muted">Wird geladen …</p> : (
        <>
          <p className="muted">
            Per E-Mail an {data.email || "Ihre E-Mail-Adresse"} bekommen Sie:
          </p>
          <EventChoices
            legend="E-Mails bei"
            values={current}
            reminderHours={data.reminder_hours}
            onChange={(v) => setEdited({ ...current, ...v })}
          />
          {!data.email && (
            <p className="alert alert-warning">
              Für Ihr Konto ist keine E-Mail-Adresse hinterlegt. Bitte wenden Sie sich an die
              Fahrschule.
            </p>
          )}
          {!data.email_configured && (
            <p className="alert alert-info">
              Die Fahrschule hat den E-Mail-Versand noch nicht eingerichtet; Ihre Auswahl gilt,
              sobald er läuft.
            </p>
          )}
          <h3 className="notification-heading">Push-Nachrichten auf Ihren Geräten</h3>
          <p className="muted">
            {data.push_devices === 0
              ? "Noch kein Gerät erhält Push-Nachrichten."
              : data.push_devices === 1
              ? "1 Gerät erhält Push-Nachrichten bei:"
              : `${data.push_devices} Geräte erhalten Push-Nachrichten bei:`}
          </p>
          <EventChoices
            legend="Push-Nachrichten bei"
            values={current.push}
            reminderHours={data.reminder_hours}
            onChange={(v) => setEdited({ ...current, push: { ...current.push, ...v } })}
          />
          <PushDeviceSection
            onDevices={(devices) =>
              queryClient.setQueryData(
                myKey,
                (old: typeof data) => old && { ...old, push_devices: devices },
              )}
          />
          <p className="muted small">
            Alle Termine sehen Sie jederzeit unter „Kalender“, auch als Abo im Kalender Ihres
            Telefons.
          </p>
        </>
      )}
    </Modal>
  );
}

/** The three events as checkboxes, for one channel. */
function EventChoices(props: {
  legend: string;
  values: NotificationPreferences;
  reminderHours: number;
  onChange(values: Partial<NotificationPreferences>): void;
}) {
  return (
    <fieldset className="notification-choices">
      <legend className="sr-only">{props.legend}</legend>
      {choices.map((c) => (
        <label key={c.key}>
          <input
            type="checkbox"
            checked={props.values[c.key]}
            onChange={(e) => props.onChange({ [c.key]: e.target.checked })}
          />
          <span>
            {c.key === "reminder" ? `${c.label} (${props.reminderHours} Stunden vorher)` : c.label}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
