import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import type { ActivityEntry } from "../../../../common/contract/admin_data.ts";
import type { Column, SortState } from "../../components/ui/data_table.tsx";
import { DateInput } from "../../components/ui/date_input.tsx";
import { ListPage } from "../../components/ui/list_page.tsx";
import { useListUrlState } from "../../components/ui/list_url_state.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { de } from "../../i18n/de.ts";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { germanDateTime } from "../../lib/relative_time.ts";
import { activityKindLabel } from "./activity_kinds.ts";
import { ActivityRetention } from "./activity_retention.tsx";
import "./recent_activity.css";

// The log is always newest first; the table has no sort buttons.
const newestFirst: SortState = { by: "created_at", direction: "desc" };

const columns: Column<ActivityEntry>[] = [
  {
    key: "time",
    header: "Zeitpunkt",
    className: "activity-when",
    render: (row) => <time dateTime={row.created_at}>{germanDateTime(row.created_at)}</time>,
  },
  {
    key: "kind",
    header: "Art",
    className: "activity-kind",
    render: (row) => activityKindLabel(row.action),
  },
  {
    key: "summary",
    header: "Aktivität",
    className: "activity-summary",
    render: (row) => row.summary,
  },
  { key: "actor", header: "Von", className: "activity-actor", render: (row) => row.actor_name },
];

/**
 * /aktivitaeten: the whole activity log, paged, with day range, kind and text filters (issue 25,
 * point 10), reached from "+ N weitere" on the dashboard; below it how long lines are kept.
 * The filters live in the address, so Back and a reload keep them.
 */
export default function ActivityScreen() {
  const id = useId();
  const toast = useToast();
  const toastRef = useRef(toast);
  toastRef.current = toast;
  const state = useListUrlState(newestFirst);
  const from = state.extra("von") ?? "";
  const to = state.extra("bis") ?? "";
  const action = state.extra("art") ?? "";
  const query = { page: state.page, from, to, action, search: state.search };
  const answer = useQuery({
    queryKey: [...queryKeys.activity, "all", query],
    queryFn: ({ signal }) => call("GET /admin/activity/all/", { query, signal }),
    placeholderData: keepPreviousData,
  });
  const { error, errorUpdatedAt } = answer;
  useEffect(() => {
    if (error) toastRef.current.show(de.list.loadFailed, "error");
  }, [error, errorUpdatedAt]);
  const data = answer.data;

  return (
    <ListPage<ActivityEntry>
      title="Aktivitäten"
      className="activity-page"
      description={
        <>
          Alle Änderungen der Verwaltung und der Planung, die neuesten zuerst
          {data && <span className="activity-count">{` · ${data.total} Einträge`}</span>}
        </>
      }
      list={{
        rows: data?.results ?? [],
        loading: answer.isFetching,
        sort: newestFirst,
        setSort: () => {},
        search: state.search,
        setSearch: state.setSearch,
        page: state.page,
        totalPages: data?.total_pages ?? 1,
        setPage: state.setPage,
      }}
      search={{ label: "Aktivitäten durchsuchen", placeholder: "Name oder Text suchen..." }}
      toolbar={
        <div className="activity-filters" role="group" aria-label="Filter">
          <DateInput
            label="Von"
            className="activity-filter-date"
            value={from}
            max={to || undefined}
            onChange={(value) => state.setExtra({ von: value || null })}
          />
          <DateInput
            label="Bis"
            className="activity-filter-date"
            value={to}
            min={from || undefined}
            onChange={(value) => state.setExtra({ bis: value || null })}
          />
          <div className="form-field activity-filter-kind">
            <label htmlFor={`${id}-kind`}>Art</label>
            <select
              id={`${id}-kind`}
              value={action}
              onChange={(e) => state.setExtra({ art: e.target.value || null })}
            >
              <option value="">Alle Arten</option>
              {(data?.kinds ?? []).map((kind) => (
                <option key={kind} value={kind}>{activityKindLabel(kind)}</option>
              ))}
            </select>
          </div>
        </div>
      }
      pagesLabel="Seiten der Aktivitäten"
      tableLabel="Aktivitäten"
      columns={columns}
      emptyMessage="Keine Aktivitäten gefunden"
    >
      {data && <ActivityRetention months={data.retention_months} />}
    </ListPage>
  );
}
