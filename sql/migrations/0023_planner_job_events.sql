-- issue 13: the planner card follows a run by a push from the server (server-sent events) instead
-- of a 2 s poll. Every change of a planner_jobs row - the worker's progress, its result, a cancel,
-- a failure, a dismissal - notifies the channel 'planner_job_events' with the job's id and status
-- ('17:running'); the API
-- listens once per process and pushes the job's state to its open streams (api/planner/events.ts).
-- A trigger rather than a NOTIFY beside each UPDATE: every writer is covered, including ones added
-- later, and the notification is delivered at commit, so a listener that reads the row sees it.
-- (The channel 'planner_jobs' stays the solver's wake-up call: a heartbeat must not wake workers.)
create function planner_job_events_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('planner_job_events', new.id::text || ':' || new.status);
  return null;
end
$$;

create trigger planner_job_events
  after insert or update on planner_jobs
  for each row execute function planner_job_events_notify();
