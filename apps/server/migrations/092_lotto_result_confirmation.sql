-- No result one person can make (docs/rules/lottery.md §8, "Who makes a result"). Owned by the lotto module.

-- Every proposal of a round's result: a staff entry, or the official feed's fetched publication. A result
-- version is applied only when two proposals from different people (or the feed and one person) agree;
-- a disagreement closes the open proposals as `mismatch` and puts the round under review.
-- `target_version` is the version the proposal would make (1 for a first result, n + 1 for a correction).
CREATE TABLE lotto_result_entry (
  id             bigserial PRIMARY KEY,
  round_id       bigint NOT NULL REFERENCES lotto_round(id),
  target_version integer NOT NULL CHECK (target_version >= 1),
  source         text NOT NULL CHECK (source IN ('staff', 'feed')),
  staff_id       integer REFERENCES staff(id),
  -- For a feed proposal: where it was read (the connector and the publication's URL without a query).
  feed_source    text,
  raw            jsonb NOT NULL,
  result         jsonb NOT NULL,
  reason         text,
  state          text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'applied', 'mismatch', 'superseded')),
  created_at     timestamptz NOT NULL,
  closed_at      timestamptz,
  CHECK ((source = 'staff') = (staff_id IS NOT NULL))
);
-- One open proposal per person (and one of the feed) per round and version: entering again replaces it.
CREATE UNIQUE INDEX lotto_result_entry_open_staff
  ON lotto_result_entry (round_id, target_version, staff_id) WHERE state = 'open' AND source = 'staff';
CREATE UNIQUE INDEX lotto_result_entry_open_feed
  ON lotto_result_entry (round_id, target_version) WHERE state = 'open' AND source = 'feed';
CREATE INDEX lotto_result_entry_by_round ON lotto_result_entry (round_id, id);

-- The official feed's progress per round: tries so far, when the next try is due, the last thing it said.
CREATE TABLE lotto_result_feed (
  round_id    bigint PRIMARY KEY REFERENCES lotto_round(id),
  attempts    integer NOT NULL DEFAULT 0,
  next_at     timestamptz NOT NULL,
  last_status text NOT NULL DEFAULT 'waiting'
              CHECK (last_status IN ('waiting', 'not_yet', 'error', 'disagree', 'proposed')),
  last_error  text,
  updated_at  timestamptz NOT NULL
);

-- A round under review: the proposals for its next version disagreed (when), cleared when a version is applied.
ALTER TABLE lotto_round ADD COLUMN result_review_at timestamptz;
-- The schedule's close of a round an owner closed early: it may be reopened until then.
ALTER TABLE lotto_round ADD COLUMN scheduled_close_at timestamptz;
