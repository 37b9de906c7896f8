import { useCallback, useEffect, useState } from "react";
import type { AppointmentRow } from "../../../../common/contract/appointment_row.ts";
import type { ListPage } from "../../../../common/contract/list_page.ts";
import { listQuery, type SortState } from "../../components/ui/data_table.tsx";
import { call } from "../../lib/api.ts";

/** The spec's page size of the appointments list (spec 01 §9). */
export const appointmentPageSize = 50;

const emptyPage: ListPage<AppointmentRow> = {
  results: [],
  total: 0,
  total_pages: 1,
  page: 1,
  page_size: appointmentPageSize,
};

/**
 * The searched, sorted, paged appointments list. Unlike the shared useServerList, a failed load
 * empties the list (spec 01 §8: logged only, the list becomes empty, no message).
 */
export function useAppointmentList() {
  const [search, setSearchState] = useState("");
  const [sort, setSortState] = useState<SortState>({ by: "start_time", direction: "desc" });
  const [page, setPageState] = useState(1);
  const [answer, setAnswer] = useState(emptyPage);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const query = listQuery({ search, sort, page, pageSize: appointmentPageSize });
    call("GET /admin/appointments/", { query, signal: controller.signal })
      .then((data) => {
        // A page past the end (the data shrank meanwhile) moves back to the last one.
        if (page > data.total_pages) setPageState(Math.max(1, data.total_pages));
        setAnswer(data);
      })
      .catch((error) => {
        if ((error as Error).name === "AbortError") return;
        console.error("Fehler beim Laden der Termine", error);
        setAnswer(emptyPage);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [search, sort, page]);

  const totalPages = Math.max(1, answer.total_pages);
  return {
    rows: answer.results,
    total: answer.total,
    totalPages,
    page,
    loading,
    search,
    sort,
    setPage: useCallback((next: number) => setPageState(Math.max(1, next)), []),
    setSearch: useCallback((next: string) => {
      setSearchState(next);
      setPageState(1);
    }, []),
    setSort: useCallback((next: SortState) => {
      setSortState(next);
      setPageState(1);
    }, []),
  };
}
