-- Accounts and sessions hardening (issue 9).

-- Staff accounts get the members' login lock-out: failures are counted by one UPDATE each.
ALTER TABLE staff
  ADD COLUMN failed_login_count integer NOT NULL DEFAULT 0,
  ADD COLUMN locked_until timestamptz;
