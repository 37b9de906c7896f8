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
import { isoWeekday, schoolClock, schoolDay } from "../../../../common/time.ts";
import { addMonths, type Month, monthOf, monthWeeks } from "./month.ts";
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
  return (
    <li className="calendar-appointment" title={people || undefined}>
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
      <span className="calendar-title">{appointment.title || appointment.type_display}</span>
      {person && <span className="calendar-person">{person}</span>}
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
          <h2 id="calendar-month" aria-live="polite">{monthLabel}</h2>
          <div className="calendar-nav">
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label="Vorheriger Monat"
              onClick={() => setMonth((m) => addMonths(m, -1))}
            >
              ‹
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setMonth(monthOf(today))}
            >
              Heute
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label="Nächster Monat"
              onClick={() => setMonth((m) => addMonths(m, 1))}
            >
              ›
            </button>
          </div>
        </div>

        {wide
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
                              {list.map((a) => <AppointmentItem key={a.id} appointment={a} />)}
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
        {loaded && !daysInMonth.some((cell) => byDay.has(cell.day)) && (
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
