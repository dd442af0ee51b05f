-- LINE messages (docs/rules/connectors.md §5): the kinds of push a
-- member opted into, whether LINE says the member follows the official account, and the outbox the send job
-- reads. Owned by the line module.

-- What a linked member asked to be told on LINE; every kind is off until the member turns it on.
-- `show_balance`: messages of money moved may carry the balance after it (off: never a balance).
-- `markets`: the lottery markets whose results the member follows (lotto_market ids; one that names no market never matches).
CREATE TABLE line_notify_pref (
  member_id     integer PRIMARY KEY REFERENCES member(id),
  deposit       boolean NOT NULL DEFAULT false,
  withdrawal    boolean NOT NULL DEFAULT false,
  bill          boolean NOT NULL DEFAULT false,
  results       boolean NOT NULL DEFAULT false,
  announcements boolean NOT NULL DEFAULT false,
  show_balance  boolean NOT NULL DEFAULT false,
  markets       integer[] NOT NULL DEFAULT '{}' CHECK (cardinality(markets) <= 50),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX line_notify_pref_markets ON line_notify_pref USING gin (markets) WHERE results;

-- LINE's word on whether a LINE user follows the official account, from the webhook's follow and unfollow
-- events (the latest event's timestamp wins). No row: no event seen yet, the user is taken as following.
CREATE TABLE line_follow (
  line_user_id text PRIMARY KEY CHECK (length(line_user_id) BETWEEN 1 AND 64),
  following    boolean NOT NULL,
  event_at     timestamptz NOT NULL
);

-- A message to send: one row per member and message, written in the transaction of what it tells
-- (a deposit credited, a withdrawal paid, a bill settled, a result, an announcement). `dedupe_key` makes a
-- re-run of that transaction's work queue nothing new. The send job groups rows into a batch (one push,
-- or one multicast of the same text to up to 500 users) and marks them sent or dropped.
CREATE TABLE line_push (
  id          bigserial PRIMARY KEY,
  member_id   integer NOT NULL REFERENCES member(id),
  kind        text NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'bill', 'result', 'announcement')),
  text        text NOT NULL CHECK (length(text) BETWEEN 1 AND 5000),
  dedupe_key  text NOT NULL UNIQUE CHECK (length(dedupe_key) <= 200),
  state       text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'batched', 'sent', 'dropped', 'failed')),
  batch_id    bigint,
  created_at  timestamptz NOT NULL DEFAULT now(),
  done_at     timestamptz
);
CREATE INDEX line_push_queued ON line_push (id) WHERE state = 'queued';

-- One call to LINE: its recipients and text fixed when batched, its `X-Line-Retry-Key` fixed too, so a retry
-- after a timeout or a 5xx is the same request and LINE answers 409 rather than delivering twice.
CREATE TABLE line_push_batch (
  id          bigserial PRIMARY KEY,
  kind        text NOT NULL,
  text        text NOT NULL,
  recipients  text[] NOT NULL CHECK (cardinality(recipients) BETWEEN 1 AND 500),
  retry_key   uuid NOT NULL UNIQUE,
  state       text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts    integer NOT NULL DEFAULT 0,
  next_at     timestamptz NOT NULL,
  last_status integer,
  created_at  timestamptz NOT NULL,
  done_at     timestamptz
);
CREATE INDEX line_push_batch_due ON line_push_batch (next_at) WHERE state = 'pending';
ALTER TABLE line_push ADD CONSTRAINT line_push_batch_fk FOREIGN KEY (batch_id) REFERENCES line_push_batch (id);
