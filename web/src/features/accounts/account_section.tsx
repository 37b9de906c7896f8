import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import type { Credentials } from "../../components/ui/credentials_modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { CalendarAddress } from "./calendar_address.tsx";
import { ResetCredentialsModal } from "./reset_credentials_modal.tsx";
import "../../components/ui/form_fields.css";
import "./accounts.css";

const failed = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/**
 * "Zugang" in a person's detail (issue 23): active or not, the password reset, deactivating and
 * activating, and the person's calendar subscription address.
 */
export function AccountSection({ id }: { id: number }) {
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const detail = useQuery({
    queryKey: [...queryKeys.people, id],
    queryFn: ({ signal }) => call("GET /admin/users/{id}/", { params: { id }, signal }),
  });
  const person = detail.data;
  const name = person
    ? [person.first_name, person.last_name].filter(Boolean).join(" ") || person.username
    : "";

  const reset = useMutation({
    mutationFn: () => call("POST /admin/users/{id}/reset-password/", { params: { id } }),
  });
  const toggle = useMutation({
    mutationFn: (active: boolean) =>
      active
        ? call("POST /admin/users/{id}/activate/", { params: { id } })
        : call("POST /admin/users/{id}/deactivate/", { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.people });
      void queryClient.invalidateQueries({ queryKey: queryKeys.affectedAppointments });
    },
  });

  async function resetPassword() {
    const ok = await confirm({
      title: "Passwort zurücksetzen",
      message:
        `${name} erhält ein neues Passwort, das nur jetzt angezeigt wird. Das bisherige Passwort gilt sofort nicht mehr und alle Geräte werden abgemeldet.`,
      confirmLabel: "Passwort zurücksetzen",
      variant: "warning",
    });
    if (!ok) return;
    try {
      setCredentials(await reset.mutateAsync());
    } catch (error) {
      toast.show(failed(error, "Das Passwort konnte nicht zurückgesetzt werden."), "error", 5000);
    }
  }

  async function setActive(active: boolean) {
    if (!active) {
      const ok = await confirm({
        title: "Konto deaktivieren",
        message:
          `${name} kann sich danach nicht mehr anmelden und wird nicht mehr eingeplant. Künftige Termine erscheinen bei „Betroffene neu planen“; vergangene Termine bleiben erhalten.`,
        confirmLabel: "Deaktivieren",
        variant: "warning",
      });
      if (!ok) return;
    }
    try {
      const answer = await toggle.mutateAsync(active);
      const extra = answer.affected > 0
        ? ` ${answer.affected} künftige Termine sind jetzt als betroffen markiert.`
        : "";
      toast.show(answer.message + extra, "success", extra ? 6000 : undefined);
    } catch (error) {
      toast.show(failed(error, "Das Konto konnte nicht geändert werden."), "error", 5000);
    }
  }

  if (!person) return null;
  return (
    <section className="form-section account-section" aria-labelledby={`account-${id}`}>
      <h3 id={`account-${id}`} className="form-section-title">Zugang</h3>
      <p className="account-status">
        Status: {person.is_active
          ? <span className="badge badge-success">Aktiv</span>
          : <span className="badge badge-error">Inaktiv</span>}
        <span className="muted">Benutzername: {person.username}</span>
      </p>
      <div className="cluster">
        <button
          type="button"
          className="button button-secondary"
          disabled={reset.isPending}
          onClick={resetPassword}
        >
          Passwort zurücksetzen
        </button>
        {person.is_active
          ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={toggle.isPending}
              onClick={() => setActive(false)}
            >
              Deaktivieren
            </button>
          )
          : (
            <button
              type="button"
              className="button button-primary"
              disabled={toggle.isPending}
              onClick={() => setActive(true)}
            >
              Aktivieren
            </button>
          )}
      </div>
      <CalendarAddress
        label="Kalender-Abo"
        hint={`Die private Adresse, unter der ${name} die eigenen Termine im Kalender des Handys abonnieren kann.`}
        load={() => call("GET /admin/users/{id}/calendar-feed/", { params: { id } })}
      />
      <ResetCredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />
    </section>
  );
}
