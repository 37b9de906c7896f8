import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Schedule } from "../../../../common/contract/schedule.ts";
import { isIsoDate, minutesOf, schoolClock, schoolDay } from "../../../../common/time.ts";
import { DateInput } from "../../components/ui/date_input.tsx";
import { SelectField } from "../../components/ui/form_fields.tsx";
import { ApiError, call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { useWideScreen } from "../../lib/use_wide_screen.ts";
import { de } from "../../i18n/de.ts";
import { DayView } from "./day_view.tsx";
import { AppointmentDialog } from "./appointment_dialog.tsx";
import {
  longDayTitle,
  type ScheduleView,
  stepDay,
  viewRange,
  weekDays,
  weekTitle,
} from "./schedule_layout.ts";
import { useScheduleAvailability } from "./use_schedule_availability.ts";
import { WeekAgenda } from "./week_agenda.tsx";
import { WeekView } from "./week_view.tsx";
import "./schedule.css";

/**
 * Where the screen stands, kept in the address (?ansicht=woche&datum=2026-11-23&fahrlehrer=3):
 * a reload or a shared link opens the same day, view and instructor.
 */
function useScheduleParams() {
  const [params, setParams] = useSearchParams();
  const datum = params.get("datum") ?? "";
  const state = {
    view: (params.get("ansicht") === "woche" ? "week" : "day") as ScheduleView,
    day: isIsoDate(datum) ? datum : schoolDay(),
    instructorId: Number(params.get("fahrlehrer")) || null,
  };
  function update(changes: { view?: ScheduleView; day?: string; instructorId?: number | null }) {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (changes.view) next.set("ansicht", changes.view === "week" ? "woche" : "tag");
      if (changes.day) next.set("datum", changes.day);
      if (changes.instructorId !== undefined) {
        if (changes.instructorId) next.set("fahrlehrer", String(changes.instructorId));
        else next.delete("fahrlehrer");
      }
      return next;
    }, { replace: true });
  }
  return [state, update] as const;
}

/** The schedule of a range; the previous answer stays while the next one loads. */
function useSchedule(from: string, to: string) {
  const queryClient = useQueryClient();
  const loaded = useQuery({
    queryKey: [...queryKeys.schedule, from, to],
    queryFn: ({ signal }): Promise<Schedule> =>
      call("GET /admin/schedule/", { query: { from, to }, signal }).catch((err) => {
        console.error("Fehler beim Laden der Übersicht", err);
        throw err;
      }),
    placeholderData: keepPreviousData,
  });
  const schedule = loaded.data ?? null;
  const error = loaded.isError
    ? (loaded.error instanceof ApiError
      ? loaded.error.message
      : "Die Übersicht konnte nicht geladen werden.")
    : "";
  const current = schedule?.from === from && schedule.to === to;
  return {
    instructors: schedule?.instructors ?? [],
    // Lessons of another range are not shown under this one's heading.
    lessons: current ? schedule.appointments : [],
    loading: !current && !error,
    loaded: schedule !== null,
    error,
    reload: () => void queryClient.invalidateQueries({ queryKey: queryKeys.schedule }),
  };
}

/**
 * /uebersicht: the lessons of all instructors side by side, a day (a column per instructor, the
 * hours down the side) or a week (a row per instructor, the days across). On a phone, one
 * instructor at a time. A lesson opens its detail dialog.
 */
export default function ScheduleScreen() {
  usePageTitle("Übersicht");
  const wide = useWideScreen();
  const today = schoolDay();
  const [{ view, day, instructorId }, update] = useScheduleParams();
  const range = viewRange(view, day);
  const data = useSchedule(range.from, range.to);
  const frame = useScheduleAvailability(range.from, range.to);
  const [openId, setOpenId] = useState<number | null>(null);

  // On a phone one instructor at a time: the chosen one, else the first.
  const picked = wide
    ? data.instructors.filter((i) => instructorId === null || i.id === instructorId)
    : [data.instructors.find((i) => i.id === instructorId) ?? data.instructors[0]].filter(
      (i) => i !== undefined,
    );
  const shownIds = new Set(picked.map((i) => i.id));
  const lessons = data.lessons.filter((l) => shownIds.has(l.instructor_id));
  const taking = lessons.filter((l) => l.status !== "cancelled").length;
  const cancelled = lessons.length - taking;
  const title = view === "day" ? longDayTitle(day) : weekTitle(day);
  const dayOfPicked = new Map(
    picked.flatMap((i) => {
      const own = frame.dayOf(i.id, day);
      return own ? [[i.id, own] as const] : [];
    }),
  );

  /** Opens the detail dialog of a lesson (a click or Enter on its block). */
  function openAppointment(id: number) {
    setOpenId(id);
  }

  const instructorOptions = data.instructors.map((i) => ({ value: String(i.id), label: i.name }));

  return (
    <div className="page schedule-page">
      <header className="page-header">
        <div>
          <h1>Übersicht</h1>
          <p>Alle Fahrlehrer nebeneinander: Fahrstunden mit Fahrschüler und Fahrzeug.</p>
        </div>
        <div className="schedule-toggle" role="group" aria-label="Ansicht">
          {(["day", "week"] as const).map((v) => (
            <button
              key={v}
              type="button"
              className="schedule-toggle-button"
              aria-pressed={view === v}
              onClick={() => update({ view: v })}
            >
              {v === "day" ? "Tagesansicht" : "Wochenansicht"}
            </button>
          ))}
        </div>
      </header>

      <section
        className="card schedule-card"
        aria-labelledby="schedule-title"
        aria-busy={data.loading}
      >
        <div className="schedule-toolbar">
          <div className="schedule-heading">
            <h2 id="schedule-title" aria-live="polite">{title}</h2>
            <p className="muted small">
              {data.loading ? "Wird geladen …" : de.appointmentCount(taking)}
              {!data.loading && cancelled > 0 && ` · ${cancelled} storniert`}
            </p>
          </div>
          <div className="schedule-controls">
            <div className="schedule-nav">
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={view === "day" ? "Vorheriger Tag" : "Vorherige Woche"}
                title={view === "day" ? "Vorheriger Tag" : "Vorherige Woche"}
                onClick={() => update({ day: stepDay(view, day, -1) })}
              >
                ‹
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => update({ day: today })}
              >
                Heute
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={view === "day" ? "Nächster Tag" : "Nächste Woche"}
                title={view === "day" ? "Nächster Tag" : "Nächste Woche"}
                onClick={() => update({ day: stepDay(view, day, 1) })}
              >
                ›
              </button>
            </div>
            <DateInput
              className="schedule-date"
              label="Datum"
              value={day}
              onChange={(value) => value && update({ day: value })}
            />
            {wide
              ? (
                <SelectField
                  className="schedule-filter"
                  label="Fahrlehrer"
                  value={instructorId ? String(instructorId) : ""}
                  onChange={(value) => update({ instructorId: Number(value) || null })}
                  options={[{ value: "", label: "Alle Fahrlehrer" }, ...instructorOptions]}
                />
              )
              : (
                <SelectField
                  className="schedule-filter"
                  label="Fahrlehrer"
                  value={picked[0] ? String(picked[0].id) : ""}
                  onChange={(value) => update({ instructorId: Number(value) || null })}
                  options={instructorOptions}
                />
              )}
          </div>
        </div>

        {data.error && (
          <div className="alert alert-error schedule-error" role="alert">{data.error}</div>
        )}

        {data.loaded && data.instructors.length === 0 && (
          <div className="empty-state">
            <p className="empty-state-title">Noch keine Fahrlehrer</p>
            <p className="muted">
              Legen Sie unter <Link to="/instructors">Fahrlehrer</Link>{" "}
              die Fahrlehrer an; ihre Termine erscheinen dann hier.
            </p>
          </div>
        )}
        {data.loaded && data.instructors.length > 0 && picked.length === 0 && (
          <p className="muted">Dieser Fahrlehrer hat im gewählten Zeitraum keine Termine.</p>
        )}

        {picked.length > 0 && view === "day" && (
          <DayView
            title={title}
            day={day}
            instructors={picked}
            lessons={lessons}
            days={dayOfPicked}
            closed={frame.closedOn(day)}
            now={day === today ? minutesOf(schoolClock(new Date())) : null}
            ready={!data.loading && frame.settled}
            onOpen={openAppointment}
          />
        )}
        {picked.length > 0 && view === "week" && wide && (
          <WeekView
            title={title}
            days={weekDays(day)}
            today={today}
            instructors={picked}
            lessons={lessons}
            frame={frame}
            onOpen={openAppointment}
            onShowDay={(d) => update({ view: "day", day: d })}
          />
        )}
        {picked.length > 0 && view === "week" && !wide && (
          <WeekAgenda
            days={weekDays(day)}
            today={today}
            instructor={picked[0]}
            lessons={lessons}
            frame={frame}
            onOpen={openAppointment}
          />
        )}

        <p className="schedule-legend" aria-hidden="true">
          <span className="schedule-swatch is-confirmed" /> Bestätigt
          <span className="schedule-swatch is-pending" />{" "}
          Ausstehend (Planentwurf, nicht veröffentlicht)
          <span className="schedule-swatch is-cancelled" /> Storniert
          <span className="schedule-swatch is-work" /> Arbeitszeit
          <span className="schedule-swatch is-absence" /> Abwesend
          <span className="schedule-swatch is-block" /> Pause, Theorie, nicht verfügbar
          <span className="schedule-swatch is-warning" /> außerhalb der Arbeitszeit
        </p>
      </section>

      {openId !== null && (
        <AppointmentDialog
          appointmentId={openId}
          onClose={() => setOpenId(null)}
          onChanged={data.reload}
        />
      )}
    </div>
  );
}
