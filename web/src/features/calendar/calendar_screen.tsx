import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { MyAbsence, MyAppointment } from "../../../../common/contract/my_appointment.ts";
import { call } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.tsx";
import {
  germanMonthNames,
  germanWeekdayNames,
  germanWeekdayShort,
} from "../../lib/german_dates.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { addDays, schoolDay } from "../../../../common/time.ts";
import { AbsenceItem, AppointmentDetails, AppointmentItem, longDate } from "./appointment_item.tsx";
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
import { CalendarSubscription } from "./calendar_subscription.tsx";
import "./calendar.css";

type Appointment = MyAppointment;

/** A day's absences and lessons: the absences first, they frame the day. */
function DayEntries(
  { absences, lessons, personOf, onOpen }: {
    absences: MyAbsence[];
    lessons: Appointment[];
    personOf(a: Appointment): string | undefined;
    onOpen(a: Appointment): void;
  },
) {
  return (
    <ul className="calendar-appointments">
      {absences.map((absence, i) => <AbsenceItem key={`absence-${i}`} absence={absence} />)}
      {lessons.map((a) => (
        <AppointmentItem key={a.id} appointment={a} person={personOf(a)} onOpen={onOpen} />
      ))}
    </ul>
  );
}

/**
 * Mein Stundenplan: the user's appointments and absences by month or by week (a grid on the
 * desktop, a list of days on the phone); a tap on a lesson opens its details.
 */
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
  // A month or a week, on the phone as on the desktop (issue 25); the phone lists the days.
  const [view, setView] = useState<"month" | "week">("month");
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today));
  const showWeek = view === "week";
  const [opened, setOpened] = useState<Appointment | null>(null);
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
  // Offline the service worker answers from its copy; without one the load waits for the
  // connection (paused) and the grid shows meanwhile, empty.
  const mine = useQuery({
    queryKey: [...queryKeys.appointments, "mine"],
    queryFn: ({ signal }) =>
      call("GET /my-appointments/", { signal }).catch((err) => {
        console.error("Fehler beim Laden der Termine", err);
        throw err;
      }),
  });
  const appointments: Appointment[] = useMemo(() => mine.data ?? [], [mine.data]);
  // The user's own absences, shown on their days (issue 25); without them the lessons still show.
  const absenceList = useQuery({
    queryKey: [...queryKeys.appointments, "my-absences"],
    queryFn: ({ signal }) => call("GET /my-absences/", { signal }),
  });
  const absencesOn = (day: string) =>
    (absenceList.data ?? []).filter((a) => a.from <= day && day <= a.to);
  const loaded = !mine.isPending || mine.fetchStatus === "paused";

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
  const agendaDays = daysInMonth.filter((cell) =>
    byDay.has(cell.day) || cell.day === today || absencesOn(cell.day).length > 0
  );
  // A day's absences and lessons, or null when it has none (the caller then says so).
  const entriesOf = (day: string) => {
    const absences = absencesOn(day);
    const lessons = byDay.get(day) ?? [];
    if (absences.length === 0 && lessons.length === 0) return null;
    return (
      <DayEntries absences={absences} lessons={lessons} personOf={personOf} onOpen={setOpened} />
    );
  };

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

        {showWeek && wide && (
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
                {week.map((day) => (
                  <td
                    key={day}
                    className={`calendar-cell${day === today ? " is-today" : ""}`}
                    data-day={day}
                  >
                    <span className="sr-only">{longDate(day)}</span>
                    {entriesOf(day) ?? <span className="sr-only">Keine Termine</span>}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        )}
        {showWeek && !wide && (
          <ol className="calendar-agenda" aria-label={`Termine in ${weekLabel}`}>
            {week.map((day) => (
              <li
                key={day}
                className={`calendar-agenda-day${day === today ? " is-today" : ""}`}
                aria-current={day === today ? "date" : undefined}
                data-day={day}
              >
                <h3>
                  {longDate(day)}
                  {day === today && <span className="badge badge-info">Heute</span>}
                </h3>
                {entriesOf(day) ?? <p className="muted">Keine Termine</p>}
              </li>
            ))}
          </ol>
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
                          {entriesOf(cell.day)}
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
                    {entriesOf(cell.day) ?? <p className="muted">Keine Termine</p>}
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
      {opened && <AppointmentDetails appointment={opened} onClose={() => setOpened(null)} />}
      {/* The office has no lessons of its own to subscribe to. */}
      {user && !user.is_staff && <CalendarSubscription />}
    </div>
  );
}
