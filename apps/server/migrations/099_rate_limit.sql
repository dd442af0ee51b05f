-- Per-address request limits shared by every server process (docs/operations.md, "Several processes";
-- apps/server/src/platform/rate-limit.ts): one row per (limit, address) counting the hits of its
-- current window, which ends at `expires_at`. A hit is one upsert; rows whose window ended are
-- deleted by a job.
CREATE TABLE rate_limit_hit (
  bucket text NOT NULL,
  address text NOT NULL,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (bucket, address)
);
CREATE INDEX rate_limit_hit_expires ON rate_limit_hit (expires_at);
