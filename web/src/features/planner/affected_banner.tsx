import { useQuery } from "@tanstack/react-query";
import { Icon } from "../../components/ui/icons.tsx";
import { SimpleTable } from "../../components/ui/simple_table.tsx";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import type { AffectedAppointments } from "../../../../common/contract/affected.ts";
import { lessonTime } from "./lesson_time.ts";
import type { PlannerControl } from "./use_planner.ts";
import "./planner.css";

/**
 * The dashboard's warning when lessons lie inside an absence of their student or instructor
 * (issue 11): how many, which (student, instructor, time, absence), and "Betroffene neu planen",
 * which runs the planner for exactly those lessons. It loads again after every finished run.
 */
export function AffectedBanner({ planner }: { planner: PlannerControl }) {
  const { data } = useQuery({
    queryKey: queryKeys.affectedAppointments,
    queryFn: ({ signal }): Promise<AffectedAppointments> =>
      call("GET /admin/affected-appointments/", { signal }),
  });

  if (!data || data.count === 0) return null;
  const running = planner.phase === "running";
  const title = `${data.count} ${data.count === 1 ? "Termin" : "Termine"} betroffen`;
  return (
    <section className="card affected-banner alert-warning" aria-labelledby="affected-title">
      <div className="affected-head">
        <Icon name="alert-triangle" />
        <div>
          <h2 id="affected-title">{title}</h2>
          <p>
            {data.count === 1 ? "Dieser Termin liegt" : "Diese Termine liegen"}{" "}
            in einer Abwesenheit (Krankmeldung, Urlaub oder Abwesenheit) des Fahrschülers oder
            Fahrlehrers.
          </p>
        </div>
        <button
          type="button"
          className="button button-warning"
          disabled={running}
          onClick={() => void planner.start("replan_affected")}
        >
          {running ? "Planung läuft …" : "Betroffene neu planen"}
        </button>
      </div>
      <details className="affected-list">
        <summary>Betroffene Termine anzeigen</summary>
        <SimpleTable labels={["Fahrschüler", "Fahrlehrer", "Termin", "Abwesenheit"]}>
          {data.appointments.map((a) => (
            <tr key={a.id}>
              <td data-label="Fahrschüler">{a.student_name}</td>
              <td data-label="Fahrlehrer">{a.instructor_name}</td>
              <td data-label="Termin">{lessonTime(a.start)}–{a.end.slice(11, 16)}</td>
              <td data-label="Abwesenheit">
                {a.absences.map((x) => `${x.person_name}: ${x.label}`).join("; ")}
              </td>
            </tr>
          ))}
        </SimpleTable>
      </details>
    </section>
  );
}
