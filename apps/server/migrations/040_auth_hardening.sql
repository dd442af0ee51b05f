-- Accounts and sessions hardening (issue 9).

-- Staff accounts get the members' login lock-out: failures are counted by one UPDATE each.
ALTER TABLE staff
  ADD COLUMN failed_login_count integer NOT NULL DEFAULT 0,
  ADD COLUMN locked_until timestamptz;

-- SMS cost caps (issue 9): OTPs sent per clock hour across all phones, counted by one upsert each
-- (auth/otp.ts). The per-phone cap counts the phone's `otp` rows under an advisory lock.
CREATE TABLE otp_quota (
  scope text NOT NULL,
  hour  timestamptz NOT NULL,
  sent  integer NOT NULL CHECK (sent > 0),
  PRIMARY KEY (scope, hour)
);

-- Demo sessions are deleted once expired (a batch on every demo launch, the rest by the sweep).
CREATE INDEX game_demo_session_expires ON game_demo_session (expires_at);
