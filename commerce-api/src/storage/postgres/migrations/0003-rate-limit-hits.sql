-- Rate limits shared by every process on this database (issue 14, decision 0093): one row per limiter
-- and key (a client's address, an account), counted in fixed windows, so a limit of 5 is 5 across
-- all processes. A row whose window ended is reset by the next hit, and swept by the hourly job.
CREATE TABLE rate_limit_hits (
  key             text PRIMARY KEY,
  window_ends_at  timestamptz NOT NULL,
  hits            integer NOT NULL CHECK (hits >= 0)
);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_ends_at);
