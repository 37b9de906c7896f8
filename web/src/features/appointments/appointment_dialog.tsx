import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import type { AppointmentDetail } from "../../../../common/contract/appointment_detail.ts";
import { germanDate, transmissionLabel } from "../../../../common/german_words.ts";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { FormAlert, TextAreaField } from "../../components/ui/form_fields.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../lib/api.ts";
import { appointmentsChanged, queryKeys } from "../../lib/query_keys.ts";
import { statusView, weekdayDate } from "./appointment_labels.ts";
import { type AppointmentFormValues, toPayload, useAppointmentSave } from "./appointment_form.tsx";
import { AppointmentFormDialog } from "./appointment_form_dialog.tsx";
import "./appointments.css";

interface AppointmentDialogProps {
  appointmentId: number;
  onClose(): void;
  /** called after a move, cancel or delete, so the list or week behind it reloads */
  onChanged(): void;
}

type Mode = "view" | "move" | "cancel";

/**
 * One appointment: everything about it, and 'Verschieben', 'Stornieren' and 'Löschen'. Opened
 * from a row of /appointments and from the week view; the server checks every change.
 */
export function AppointmentDialog({ appointmentId, onClose, onChanged }: AppointmentDialogProps) {
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const detailKey = [...queryKeys.appointments, appointmentId];
  const loaded = useQuery({
    queryKey: detailKey,
    queryFn: ({ signal }) =>
      call("GET /admin/appointments/{id}/", { params: { id: appointmentId }, signal }),
  });
  const detail: AppointmentDetail | null = loaded.data ?? null;
  const loadError = loaded.isError && !detail
    ? (loaded.error instanceof ApiError && loaded.error.status === 404
      ? "Der Termin wurde nicht gefunden."
      : "Der Termin konnte nicht geladen werden.")
    : "";
  const [mode, setMode] = useState<Mode>("view");
  const removal = useMutation({
    mutationFn: (id: number) => call("DELETE /admin/appointments/{id}/", { params: { id } }),
    onSuccess: () => appointmentsChanged(queryClient),
  });
  const deleting = removal.isPending;

  function changed(next: AppointmentDetail, message: string) {
    queryClient.setQueryData(detailKey, next);
    void appointmentsChanged(queryClient);
    setMode("view");
    toast.show(message, "success", 3000);
    onChanged();
  }

  async function remove() {
    if (!detail || deleting) return;
    const sure = await confirm({
      title: "Termin löschen",
      message: `Soll der Termin von ${detail.student_name} am ${germanDate(detail.date)} um ` +
        `${detail.time} wirklich gelöscht werden? Das kann nicht rückgängig gemacht werden. ` +
        "Zum Absagen mit Grund gibt es „Stornieren“.",
      confirmLabel: "Löschen",
    });
    if (!sure) return;
    try {
      await removal.mutateAsync(detail.id);
      toast.show("Termin gelöscht.", "success", 3000);
      onChanged();
      onClose();
    } catch (error) {
      toast.show(
        error instanceof ApiError ? error.message : "Der Termin konnte nicht gelöscht werden.",
        "error",
        5000,
      );
    }
  }

  if (!detail) {
    return (
      <Modal open title="Termin" size="small" onClose={onClose}>
        {loadError
          ? <div className="alert alert-error" role="alert">{loadError}</div>
          : <p role="status">Wird geladen...</p>}
      </Modal>
    );
  }
  if (mode === "move") {
    return (
      <MoveForm
        detail={detail}
        onBack={() => setMode("view")}
        onClose={onClose}
        onMoved={(next) =>
          changed(next, `Termin verschoben auf ${germanDate(next.date)} um ${next.time}.`)}
      />
    );
  }
  if (mode === "cancel") {
    return (
      <CancelForm
        detail={detail}
        onBack={() => setMode("view")}
        onClose={onClose}
        onCancelled={(next) => changed(next, "Termin storniert.")}
      />
    );
  }

  const cancelled = detail.status === "cancelled";
  const status = statusView(detail.status);
  return (
    <Modal
      open
      title={`${detail.appointment_type_display} am ${weekdayDate(detail.date)}`}
      size="medium"
      onClose={onClose}
      footer={
        <>
          <BusyButton
            className="button button-danger appointment-delete"
            busy={deleting}
            busyLabel="Wird gelöscht..."
            onClick={() => void remove()}
          >
            Löschen
          </BusyButton>
          {!cancelled && (
            <button
              type="button"
              className="button button-warning"
              onClick={() => setMode("cancel")}
            >
              Stornieren
            </button>
          )}
          {!cancelled && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setMode("move")}
            >
              Verschieben
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={onClose}>
            Schließen
          </button>
        </>
      }
    >
      <dl className="appointment-facts">
        <Fact label="Status">
          <span className={`badge ${status.badge}`}>{status.label}</span>
          {detail.status === "pending" && (
            <span className="muted small">
              {" "}Planentwurf: Fahrlehrer und Fahrschüler sehen den Termin erst nach „Plan
              veröffentlichen“.
            </span>
          )}
        </Fact>
        {cancelled && <Fact label="Stornierungsgrund">{detail.cancel_reason || "–"}</Fact>}
        <Fact label="Datum">{weekdayDate(detail.date)}</Fact>
        <Fact label="Uhrzeit">
          {detail.time}–{detail.end_clock} ({detail.duration_minutes} Min.)
        </Fact>
        <Fact label="Fahrschüler">{detail.student_name}</Fact>
        <Fact label="Fahrlehrer">{detail.instructor_name}</Fact>
        <Fact label="Fahrzeug">{detail.vehicle ?? "Kein Fahrzeug"}</Fact>
        <Fact label="Getriebe">{transmissionLabel(detail.transmission_type)}</Fact>
        <Fact label="Terminart">{detail.appointment_type_display}</Fact>
        <Fact label="Erstellt von">
          {detail.planned ? "KI-Planung" : detail.created_by_name || "–"}
        </Fact>
        <Fact label="Notizen" wide>{detail.notes || "–"}</Fact>
      </dl>
    </Modal>
  );
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "appointment-fact-wide" : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface StepProps {
  detail: AppointmentDetail;
  onBack(): void;
  onClose(): void;
}

/** 'Verschieben': day, time, length, instructor, vehicle and notes. */
function MoveForm({ detail, onBack, onClose, onMoved }: StepProps & {
  onMoved(next: AppointmentDetail): void;
}) {
  const [values, setValues] = useState<AppointmentFormValues>({
    appointment_type: detail.appointment_type,
    student_id: String(detail.student_id),
    instructor_id: String(detail.instructor_id),
    vehicle_id: detail.vehicle_id === null ? "" : String(detail.vehicle_id),
    transmission_type: detail.transmission_type,
    date: detail.date,
    start_time: detail.time,
    duration_minutes: String(detail.duration_minutes),
    notes: detail.notes,
  });
  const saving = useAppointmentSave(async (confirmed) => {
    onMoved(
      await call("PATCH /admin/appointments/{id}/", {
        params: { id: detail.id },
        body: { ...toPayload(values), ...confirmed },
      }),
    );
  });

  return (
    <AppointmentFormDialog
      title="Termin verschieben"
      mode="move"
      submitLabel="Speichern"
      secondary={{ label: "Zurück", onClick: onBack }}
      values={values}
      onValues={setValues}
      saving={saving}
      onClose={onClose}
      intro={
        <p className="appointment-move-who">
          {detail.appointment_type_display} von <strong>{detail.student_name}</strong>, bisher{" "}
          {weekdayDate(detail.date)} um {detail.time}
        </p>
      }
      appointmentId={detail.id}
      current={{
        instructor: { id: detail.instructor_id, name: detail.instructor_name },
        vehicle: detail.vehicle_id === null
          ? null
          : { id: detail.vehicle_id, name: detail.vehicle ?? "" },
      }}
    />
  );
}

/** 'Stornieren': the appointment stays in lists and exports, marked with the reason. */
function CancelForm({ detail, onBack, onClose, onCancelled }: StepProps & {
  onCancelled(next: AppointmentDetail): void;
}) {
  const formId = useId();
  const [reason, setReason] = useState("");
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!reason.trim()) {
      setProblem("Bitte einen Grund für die Stornierung angeben.");
      return;
    }
    setSaving(true);
    try {
      onCancelled(
        await call("POST /admin/appointments/{id}/cancel/", {
          params: { id: detail.id },
          body: { reason: reason.trim() },
        }),
      );
    } catch (error) {
      setProblem(
        error instanceof ApiError ? error.message : "Der Termin konnte nicht storniert werden.",
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title="Termin stornieren"
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onBack}>
            Zurück
          </button>
          <BusyButton
            type="submit"
            form={formId}
            className="button button-warning"
            busy={saving}
            busyLabel="Wird storniert..."
          >
            Termin stornieren
          </BusyButton>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <p>
          {detail.appointment_type_display} von <strong>{detail.student_name}</strong> mit{" "}
          {detail.instructor_name} am {weekdayDate(detail.date)} um{" "}
          {detail.time}. Der Termin bleibt in Listen und Exporten sichtbar, als „Storniert“
          markiert.
        </p>
        <TextAreaField
          label="Grund der Stornierung"
          required
          hint={`${detail.student_name} und ${detail.instructor_name} sehen diesen Grund in ihren Terminen und im Kalender-Abo.`}
          value={reason}
          onChange={(v) => {
            setReason(v);
            if (problem) setProblem("");
          }}
        />
        <FormAlert message={problem} />
      </form>
    </Modal>
  );
}
