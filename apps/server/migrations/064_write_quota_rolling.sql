-- G4 counts a rolling minute, not the clock's: the times of the member's accepted writes to the
-- endpoint in the last 60 seconds (at most the limit of them), kept on the row and moved in the one
-- statement that takes a write. A burst across a minute boundary no longer gets twice the limit.
ALTER TABLE member_write_quota
  DROP COLUMN window_start,
  DROP COLUMN used,
  ADD COLUMN recent timestamptz[] NOT NULL DEFAULT '{}';
