import { useEffect, useMemo, useState } from "react";
import type { MyAppointment } from "../../../../common/contract/my_appointment.ts";
import { call } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.tsx";
import {
  germanMonthNames,
  germanWeekdayNames,
  germanWeekdayShort,
} from "../../lib/german_dates.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { addDays, isoWeekday, schoolClock, schoolDay } from "../../../../common/time.ts";
import {
  addMonths,
  isoWeekNumber,
  type Month,
  monthOf,
  monthWeeks,
  weekDays,
  weekStartOf,
} from "./month.ts";
import { useWideScreen } from "../../lib/use_wide_screen.ts";
import "./calendar.css";

type Appointment = MyAppointment;

function AppointmentItem(
  { appointment, person }: { appointment: Appointment; person?: string },
) {
  const automatic = appointment.transmission_type === "automatic";
  const people = [appointment.instructor_name, appointment.student_name].filter(Boolean).join(
    " · ",
  );
  // A cancelled lesson stays where it was, struck through and named, so nobody waits for it or
  // wonders where it went.
  const cancelled = appointment.status === "cancelled";
  const hint = cancelled
    ? [people, `Storniert${appointment.cancel_reason ? `: ${appointment.cancel_reason}` : ""}`]
      .filter(Boolean).join(" – ")
    : people;
  return (
    <li
      className={`calendar-appointment${cancelled ? " is-cancelled" : ""}`}
      title={hint || undefined}
    >
      <time dateTime={appointment.start_time} className="calendar-time">
        {schoolClock(appointment.start_time)}
      </time>
      <span
        className={`calendar-badge ${automatic ? "is-automatic" : "is-manual"}`}
        title={automatic ? "Automatik" : "Schaltung"}
      >
        <span aria-hidden="true">{automatic ? "A" : "M"}</span>
        <span className="sr-only">{automatic ? "Automatik" : "Schaltung"}</span>
      </span>
      <span className="calendar-title">
        {appointment.type_display}
        {appointment.title && appointment.title !== appointment.type_display &&
          ` – ${appointment.title}`}
      </span>
      {person && <span className="calendar-person">{person}</span>}
      {appointment.vehicle && (
        <span className="calendar-vehicle">
          <span className="sr-only">Fahrzeug</span> {appointment.vehicle}
        </span>
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
    </li>
  );
}

function longDate(day: string): string {
  const [, m, d] = day.split("-").map(Number);
  const weekday = germanWeekdayNames[isoWeekday(day) - 1];
  return `${weekday}, ${d}. ${germanMonthNames[m - 1]}`;
}

/** Mein Stundenplan: the user's appointments in a month grid (phone: an agenda list). */
export default function CalendarScreen() {
  usePageTitle("Mein Stundenplan");
  const wide = useWideScreen();
  const { user } = useAuth();
  // The other person of the lesson: students see their instructor, instructors their student.
  const personOf = (a: Appointment) =>
    user?.role === "instructor"
      ? a.student_name && `mit ${a.student_name}`
      : a.instructor_name && `mit ${a.instructor_name}`;
  const today = schoolDay(new Date());
  const [month, setMonth] = useState<Month>(() => monthOf(today));
  // Desktop shows a month or a week; the phone keeps its agenda of the month.
  const [view, setView] = useState<"month" | "week">("month");
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today));
  const showWeek = wide && view === "week";
  const step = (n: number) => {
    if (showWeek) {
      const next = addDays(weekStart, 7 * n);
      setWeekStart(next);
      setMonth(monthOf(next));
    } else setMonth((m) => addMonths(m, n));
  };
  const goToday = () => {
    setMonth(monthOf(today));
    setWeekStart(weekStartOf(today));
  };
  const switchView = (next: "month" | "week") => {
    // The week shown is the current one if it lies in the month, else the month's first week.
    if (next === "week") {
      const inMonth = monthOf(today).year === month.year && monthOf(today).month0 === month.month0;
      const first = `${month.year}-${String(month.month0 + 1).padStart(2, "0")}-01`;
      setWeekStart(weekStartOf(inMonth ? today : first));
    } else setMonth(monthOf(weekStart));
    setView(next);
  };
  const [appointments, setAppointments] = useState<Appointment[]>([]);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    call("GET /my-appointments/")
      .then((list) => setAppointments(list ?? []))
      .catch((err) => console.error("Fehler beim Laden der Termine", err))
      .finally(() => setLoaded(true));
  }, []);

  const byDay = useMemo(() => {
    const map = new Map<string, Appointment[]>();
    for (const appointment of appointments) {
      const day = schoolDay(appointment.start_time);
      map.set(day, [...(map.get(day) ?? []), appointment]);
    }
    return map;
  }, [appointments]);

  const weeks = monthWeeks(month);
  const monthLabel = `${germanMonthNames[month.month0]} ${month.year}`;
  const week = weekDays(weekStart);
  const shortDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;
  const weekLabel = `KW ${isoWeekNumber(weekStart)}: ${shortDate(week[0])} – ${shortDate(week[6])}${
    week[6].slice(0, 4)
  }`;
  const heading = showWeek ? weekLabel : monthLabel;
  const daysInMonth = weeks.flat().filter((cell) => cell.inMonth);
  const agendaDays = daysInMonth.filter((cell) => byDay.has(cell.day) || cell.day === today);

  return (
    <div className="page calendar-page">
      <header className="page-header">
        <div>
          <h1>Mein Stundenplan</h1>
          <p>Ihre geplanten Fahrstunden. Termine legt die Fahrschule fest.</p>
        </div>
      </header>
      <section className="card" aria-labelledby="calendar-month">
        <div className="calendar-toolbar">
          <h2 id="calendar-month" aria-live="polite">{heading}</h2>
          {wide && (
            <div className="calendar-views" role="group" aria-label="Ansicht">
              {(["month", "week"] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  className={`button button-small ${
                    view === option ? "button-primary" : "button-secondary"
                  }`}
                  aria-pressed={view === option}
                  onClick={() => switchView(option)}
                >
                  {option === "month" ? "Monat" : "Woche"}
                </button>
              ))}
            </div>
          )}
          <div className="calendar-nav">
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={showWeek ? "Vorherige Woche" : "Vorheriger Monat"}
              onClick={() => step(-1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={goToday}
            >
              Heute
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={showWeek ? "Nächste Woche" : "Nächster Monat"}
              onClick={() => step(1)}
            >
              ›
            </button>
          </div>
        </div>

        {showWeek && (
          <table className="calendar-grid calendar-week">
            <caption className="sr-only">Termine in {weekLabel}</caption>
            <thead>
              <tr>
                {week.map((day, i) => (
                  <th
                    key={day}
                    scope="col"
                    className={day === today ? "is-today" : undefined}
                    aria-current={day === today ? "date" : undefined}
                  >
                    <abbr title={germanWeekdayNames[i]}>{germanWeekdayShort[i]}</abbr>{" "}
                    {shortDate(day)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {week.map((day) => {
                  const list = byDay.get(day) ?? [];
                  return (
                    <td
                      key={day}
                      className={`calendar-cell${day === today ? " is-today" : ""}`}
                      data-day={day}
                    >
                      <span className="sr-only">{longDate(day)}</span>
                      {list.length > 0
                        ? (
                          <ul className="calendar-appointments">
                            {list.map((a) => (
                              <AppointmentItem key={a.id} appointment={a} person={personOf(a)} />
                            ))}
                          </ul>
                        )
                        : <span className="sr-only">Keine Termine</span>}
                    </td>
                  );
                })}
              </tr>
            </tbody>
          </table>
        )}
        {showWeek ? null : wide
          ? (
            <table className="calendar-grid">
              <caption className="sr-only">Termine im {monthLabel}</caption>
              <thead>
                <tr>
                  {germanWeekdayShort.map((short, i) => (
                    <th key={short} scope="col">
                      <abbr title={germanWeekdayNames[i]}>{short}</abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week[0].day}>
                    {week.map((cell) => {
                      const list = byDay.get(cell.day) ?? [];
                      const isToday = cell.day === today;
                      return (
                        <td
                          key={cell.day}
                          className={`calendar-cell${cell.inMonth ? "" : " is-outside"}${
                            isToday ? " is-today" : ""
                          }`}
                          aria-current={isToday ? "date" : undefined}
                          data-day={cell.day}
                        >
                          <span className="calendar-day-number">
                            <span className="sr-only">{longDate(cell.day)}</span>
                            <span aria-hidden="true">{Number(cell.day.slice(8))}</span>
                          </span>
                          {list.length > 0 && (
                            <ul className="calendar-appointments">
                              {list.map((a) => (
                                <AppointmentItem key={a.id} appointment={a} person={personOf(a)} />
                              ))}
                            </ul>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          )
          : (
            <ol className="calendar-agenda">
              {agendaDays.map((cell) => {
                const list = byDay.get(cell.day) ?? [];
                const isToday = cell.day === today;
                return (
                  <li
                    key={cell.day}
                    className={`calendar-agenda-day${isToday ? " is-today" : ""}`}
                    aria-current={isToday ? "date" : undefined}
                    data-day={cell.day}
                  >
                    <h3>
                      {longDate(cell.day)}
                      {isToday && <span className="badge badge-info">Heute</span>}
                    </h3>
                    {list.length
                      ? (
                        <ul className="calendar-appointments">
                          {list.map((a) => (
                            <AppointmentItem key={a.id} appointment={a} person={personOf(a)} />
                          ))}
                        </ul>
                      )
                      : <p className="muted">Keine Termine</p>}
                  </li>
                );
              })}
            </ol>
          )}
        {loaded && showWeek && !week.some((day) => byDay.has(day)) && (
          <p className="muted calendar-empty">Keine Termine in {weekLabel}.</p>
        )}
        {loaded && !showWeek && !daysInMonth.some((cell) => byDay.has(cell.day)) && (
          <p className="muted calendar-empty">Keine Termine im {monthLabel}.</p>
        )}
        <p className="calendar-legend">
          <span className="calendar-badge is-automatic" aria-hidden="true">A</span> Automatik
          <span className="calendar-badge is-manual" aria-hidden="true">M</span> Schaltung
        </p>
      </section>
    </div>
  );
}
