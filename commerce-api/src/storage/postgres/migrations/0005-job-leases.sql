-- Scheduled jobs run once per interval across every process on this database (issue 14, decision 0094):
-- before a run, a process claims the job's row with one conditional upsert; only a process that finds
-- the last run at least (almost) an interval old wins, so two processes with offset timers never both run.
CREATE TABLE job_leases (
  name        text PRIMARY KEY,
  started_at  timestamptz NOT NULL
);
