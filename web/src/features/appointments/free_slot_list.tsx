import { useQuery } from "@tanstack/react-query";
import type { FreeSlot, FreeSlotChoice } from "../../../../common/contract/free_slots.ts";
import { germanDate, germanWeekdayShort } from "../../../../common/german_words.ts";
import { isoWeekday } from "../../../../common/time.ts";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";

export interface FreeSlotQuery {
  student: string;
  kind: string;
  /** '' : the school's length for the kind */
  minutes: string;
  transmission?: string;
  /** a move: the lesson itself is left out of the collisions */
  appointment?: number;
  /** the form's date: the search starts there (the server starts no earlier than today, and the
   * heading names the day it answers, not a past date typed) */
  from?: string;
}

const shortDate = (iso: string) =>
  `${germanWeekdayShort[isoWeekday(iso) - 1]} ${iso.slice(8, 10)}.${iso.slice(5, 7)}.`;

/**
 * 'Nächste freie Termine' (issue 25, point 5): the next different times at which the student, an
 * instructor and a car are free by the planner's rules. One click on a time fills date, time, its
 * best instructor and car; the other instructors free then are one click each beside it.
 */
export function FreeSlotList(
  { query, onPick }: { query: FreeSlotQuery; onPick(slot: FreeSlot): void },
) {
  const params: Record<string, string> = { student: query.student, kind: query.kind };
  // A length being typed ('', '5') is no question yet: the kind's length stands until it reads.
  const minutes = Number(query.minutes);
  if (Number.isInteger(minutes) && minutes >= 15 && minutes <= 600) params.minutes = query.minutes;
  if (query.transmission) params.transmission = query.transmission;
  if (query.appointment) params.appointment = String(query.appointment);
  if (query.from) params.from = query.from;
  const { data, isPending, isError } = useQuery({
    queryKey: [...queryKeys.appointments, "free-slots", params],
    queryFn: ({ signal }) => call("GET /admin/free-slots/", { query: params, signal }),
    enabled: Boolean(query.student),
  });
  if (!query.student) return null;
  return (
    <section className="free-slots" aria-label="Nächste freie Termine">
      <h3>Nächste freie Termine{data ? ` ab ${germanDate(data.searched_from)}` : ""}</h3>
      {isPending && <p className="free-slots-note">Freie Termine werden gesucht …</p>}
      {isError && <p className="free-slots-note">Freie Termine konnten nicht geladen werden.</p>}
      {data && data.slots.length === 0 && (
        <p className="free-slots-note">
          Bis {germanDate(data.searched_until)} ist kein passender Termin frei.
        </p>
      )}
      {data && data.slots.length > 0 && (
        <ul className="free-slots-list">
          {data.slots.map((slot) => (
            <li key={`${slot.date}-${slot.start_time}`}>
              <button
                type="button"
                className="free-slot"
                onClick={() => onPick(slot)}
              >
                <strong>{shortDate(slot.date)} {slot.start_time}–{slot.end_time}</strong>
                <span>{slot.instructor_name}</span>
                <span>{slot.vehicle_name ?? "ohne Fahrzeug"}</span>
              </button>
              {slot.others.length > 0 && (
                <OtherChoices
                  slot={slot}
                  onPick={(other) => onPick({ ...slot, ...other })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The other instructors free at a slot's time, each a click that fills the form with them. */
function OtherChoices(
  { slot, onPick }: { slot: FreeSlot; onPick(choice: FreeSlotChoice): void },
) {
  return (
    <p className="free-slot-others">
      <span>Auch frei:</span>
      {slot.others.map((other) => (
        <button
          key={other.instructor_id}
          type="button"
          className="free-slot-other"
          aria-label={`${shortDate(slot.date)} ${slot.start_time} mit ${other.instructor_name} (${
            other.vehicle_name ?? "ohne Fahrzeug"
          })`}
          onClick={() => onPick(other)}
        >
          {other.instructor_name}
        </button>
      ))}
    </p>
  );
}
