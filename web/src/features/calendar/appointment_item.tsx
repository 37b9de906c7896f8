import type { MyAbsence, MyAppointment } from "../../../../common/contract/my_appointment.ts";
import { isoWeekday, schoolClock } from "../../../../common/time.ts";
import { Modal } from "../../components/ui/modal.tsx";
import { germanMonthNames, germanWeekdayNames } from "../../lib/german_dates.ts";

/** "Montag, 1. Juni" */
export function longDate(day: string): string {
  const [, m, d] = day.split("-").map(Number);
  const weekday = germanWeekdayNames[isoWeekday(day) - 1];
  return `${weekday}, ${d}. ${germanMonthNames[m - 1]}`;
}

/** "10:00–11:30": a 90-minute lesson shows that it is one (issue 25). */
function timeRange(a: MyAppointment): string {
  return `${schoolClock(a.start_time)}–${schoolClock(a.end_time)}`;
}

function typeLabel(a: MyAppointment): string {
  return a.title && a.title !== a.type_display ? `${a.type_display} – ${a.title}` : a.type_display;
}

/**
 * One lesson in a day of the calendar: time from–to, gearbox, type, the other person, vehicle
 * and pickup point. The whole entry is a button that opens the lesson's details (issue 25: a tap
 * on a phone did nothing).
 */
export function AppointmentItem(
  { appointment, person, onOpen }: {
    appointment: MyAppointment;
    person?: string;
    onOpen(appointment: MyAppointment): void;
  },
) {
  const automatic = appointment.transmission_type === "automatic";
  // A cancelled lesson stays where it was, struck through and named, so nobody waits for it or
  // wonders where it went.
  const cancelled = appointment.status === "cancelled";
  return (
    <li className={`calendar-appointment${cancelled ? " is-cancelled" : ""}`}>
      <button
        type="button"
        className="calendar-appointment-open"
        onClick={() => onOpen(appointment)}
      >
        <time dateTime={appointment.start_time} className="calendar-time">
          {timeRange(appointment)}
        </time>
        <span
          className={`calendar-badge ${automatic ? "is-automatic" : "is-manual"}`}
          title={automatic ? "Automatik" : "Schaltung"}
        >
          <span aria-hidden="true">{automatic ? "A" : "M"}</span>
          <span className="sr-only">{automatic ? "Automatik" : "Schaltung"}</span>
        </span>
        <span className="calendar-title">{typeLabel(appointment)}</span>
        {person && <span className="calendar-person">{person}</span>}
        {appointment.vehicle && (
          <span className="calendar-vehicle">
            <span className="sr-only">Fahrzeug</span> {appointment.vehicle}
          </span>
        )}
        {appointment.pickup_point && (
          <span className="calendar-pickup">Treffpunkt: {appointment.pickup_point}</span>
        )}
        {!cancelled && appointment.in_own_absence && (
          <span className="calendar-affected">
            <span className="badge badge-warning">In Ihrer Abwesenheit</span>
            <span>Das Büro ist informiert und plant diese Stunde neu.</span>
          </span>
        )}
        {cancelled && (
          <span className="calendar-cancelled">
            <span className="badge badge-error">Storniert</span>
            {appointment.cancel_reason && (
              <span className="calendar-cancel-reason">{appointment.cancel_reason}</span>
            )}
          </span>
        )}
      </button>
    </li>
  );
}

/** An absence of the user on one day of the calendar: "Urlaub", "Abwesend 08:00–12:00". */
export function AbsenceItem({ absence }: { absence: MyAbsence }) {
  const hours = absence.start_time && absence.end_time
    ? ` ${absence.start_time}–${absence.end_time}`
    : "";
  return (
    <li className="calendar-absence">
      <span className="sr-only">Abwesenheit:</span> {absence.label}
      {hours}
    </li>
  );
}

const statusWord: Record<MyAppointment["status"], string> = {
  confirmed: "Bestätigt",
  pending: "Geplant, noch nicht bestätigt",
  cancelled: "Storniert",
};

/** Everything about one lesson, opened by a tap on it (read only: the office plans lessons). */
export function AppointmentDetails(
  { appointment, onClose }: { appointment: MyAppointment; onClose(): void },
) {
  const day = appointment.start_time.slice(0, 10);
  const pickup = appointment.pickup_point
    ? [appointment.pickup_point, appointment.pickup_address].filter(Boolean).join(", ")
    : "Kein Treffpunkt angegeben";
  const facts: [string, string][] = [
    ["Zeit", `${timeRange(appointment)} Uhr`],
    ["Art", typeLabel(appointment)],
    ["Fahrlehrer", appointment.instructor_name],
    ["Fahrschüler", appointment.student_name],
    ["Getriebe", appointment.transmission_type === "automatic" ? "Automatik" : "Schaltung"],
    ["Fahrzeug", appointment.vehicle ?? "Noch nicht zugeteilt"],
    ["Treffpunkt", pickup],
    ["Status", statusWord[appointment.status]],
  ];
  if (appointment.status === "cancelled") {
    facts.push(["Grund", appointment.cancel_reason || "Kein Grund angegeben"]);
  }
  return (
    <Modal
      open
      title={`${appointment.type_display} am ${longDate(day)}`}
      size="small"
      onClose={onClose}
      footer={
        <button type="button" className="button button-secondary" onClick={onClose}>
          Schließen
        </button>
      }
    >
      <dl className="calendar-details">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {appointment.status !== "cancelled" && appointment.in_own_absence && (
        <p className="calendar-affected">
          Diese Stunde liegt in Ihrer Abwesenheit. Das Büro ist informiert und plant sie neu.
        </p>
      )}
    </Modal>
  );
}
