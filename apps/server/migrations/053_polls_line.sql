-- Polls and events (โพล), docs/rules/engagement.md §10, and the LINE accounts members link from the
-- LIFF pages.

-- A poll: its question and the rules it runs by (the §10 defaults, set per poll by the operator).
-- status: draft (the operator's, not shown) → open (shown; votes taken from open_at until close_at)
-- → closed (the operator closed it, or set its result). The result is the winning choice, set once.
CREATE TABLE poll (
  id                  serial PRIMARY KEY,
  question            text NOT NULL CHECK (length(question) BETWEEN 1 AND 200),
  description         text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  image               text CHECK (length(image) <= 500),
  open_at             timestamptz NOT NULL,
  close_at            timestamptz NOT NULL,
  status              text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'open', 'closed')),
  -- Rule 1: base votes, plus one per `satang_per_vote` deposited while open, up to max_votes.
  base_votes          smallint NOT NULL DEFAULT 1 CHECK (base_votes BETWEEN 1 AND 100),
  satang_per_vote     bigint NOT NULL DEFAULT 100000 CHECK (satang_per_vote > 0),
  max_votes           smallint NOT NULL DEFAULT 10 CHECK (max_votes BETWEEN 1 AND 100),
  -- Rule 3: free credit per winning vote.
  reward_per_vote_satang bigint NOT NULL DEFAULT 2000 CHECK (reward_per_vote_satang >= 0),
  result_choice_id    integer,
  resulted_at         timestamptz,
  resulted_by         integer REFERENCES staff(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  created_by          integer REFERENCES staff(id),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (close_at > open_at),
  CHECK (max_votes >= base_votes),
  CHECK ((result_choice_id IS NULL) = (resulted_at IS NULL)),
  CHECK (result_choice_id IS NULL OR status = 'closed')
);

-- The choices of a poll, in the operator's order; each may carry an image.
CREATE TABLE poll_choice (
  id         serial PRIMARY KEY,
  poll_id    integer NOT NULL REFERENCES poll(id),
  label      text NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
  image      text CHECK (length(image) <= 500),
  sort_order smallint NOT NULL,
  UNIQUE (poll_id, sort_order),
  UNIQUE (poll_id, id)
);

ALTER TABLE poll
  ADD CONSTRAINT poll_result_choice FOREIGN KEY (id, result_choice_id) REFERENCES poll_choice (poll_id, id);

-- A member's standing in one poll: the quota last computed, the votes used, and the choice every
-- vote goes to (rule 2: the first one picked). Votes are taken with
-- `UPDATE … SET used = used + 1 WHERE used < quota` (§10 guards). Once the result is set, a winner's
-- free credit is paid once (reward_claim UNIQUE (member, 'poll', poll id)); rewarded_at records it.
CREATE TABLE poll_member (
  poll_id     integer NOT NULL REFERENCES poll(id),
  member_id   integer NOT NULL REFERENCES member(id),
  quota       smallint NOT NULL CHECK (quota >= 1),
  used        smallint NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= quota),
  choice_id   integer,
  first_vote_at timestamptz,
  quota_at    timestamptz NOT NULL,
  rewarded_at timestamptz,
  claim_id    bigint,
  PRIMARY KEY (poll_id, member_id),
  FOREIGN KEY (poll_id, choice_id) REFERENCES poll_choice (poll_id, id),
  CHECK ((choice_id IS NULL) = (used = 0))
);
CREATE INDEX poll_member_choice ON poll_member (poll_id, choice_id) WHERE choice_id IS NOT NULL;

-- Every vote, as cast (the member's standing above is their sum).
CREATE TABLE poll_vote (
  id         bigserial PRIMARY KEY,
  poll_id    integer NOT NULL REFERENCES poll(id),
  member_id  integer NOT NULL REFERENCES member(id),
  choice_id  integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (poll_id, choice_id) REFERENCES poll_choice (poll_id, id)
);
CREATE INDEX poll_vote_member ON poll_vote (poll_id, member_id);

-- An event may lead to a poll: its link is then `/poll/{poll_id}` (§10).
ALTER TABLE event ADD COLUMN poll_id integer REFERENCES poll(id);

-- The LINE account a member linked from a LIFF page: the user id (`sub`) of an ID token LINE's
-- verify endpoint accepted, never a profile field the browser sent. One LINE account per member and
-- one member per LINE account.
CREATE TABLE member_line_link (
  member_id    integer PRIMARY KEY REFERENCES member(id),
  line_user_id text NOT NULL UNIQUE CHECK (length(line_user_id) BETWEEN 1 AND 64),
  display_name text CHECK (length(display_name) <= 100),
  linked_at    timestamptz NOT NULL DEFAULT now()
);
