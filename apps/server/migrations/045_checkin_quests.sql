-- Rewards I: the daily check-in (docs/rules/engagement.md §5) and quests (§6). Their rewards are paid
-- through reward_claim (G2, G5); these tables hold what only these features know.

-- One stamp per member and Bangkok day (stamp_date from the server clock, G3). The streak position the
-- stamp reached is kept with it: the next stamp continues from yesterday's streak_start.
CREATE TABLE checkin_stamp (
  id           bigserial PRIMARY KEY,
  member_id    integer NOT NULL REFERENCES member(id),
  -- Asia/Bangkok date as text (YYYY-MM-DD), like lotto_round.business_date.
  stamp_date   text NOT NULL CHECK (stamp_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  streak_day   integer NOT NULL CHECK (streak_day >= 1),
  streak_start text NOT NULL CHECK (streak_start ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' AND streak_start <= stamp_date),
  points       integer NOT NULL CHECK (points >= 0),
  -- The server clock's instant of the stamp (quest periods count stamps by it).
  stamped_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, stamp_date)
);
CREATE INDEX checkin_stamp_member_at ON checkin_stamp (member_id, stamped_at);

-- The operator's quests. deposit and bet targets are satang, rounds and checkin targets a count;
-- points rewards are whole points, free-credit rewards satang. A campaign runs from starts_at
-- (included) to ends_at (excluded). event_id names content's `event` by id only.
CREATE TABLE quest (
  id            serial PRIMARY KEY,
  -- The default quests' names (engine DEFAULT_QUESTS), so seeding them twice adds nothing.
  code          text UNIQUE,
  title         text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  task          text NOT NULL CHECK (task IN ('deposit', 'bet', 'rounds', 'checkin')),
  target        bigint NOT NULL CHECK (target >= 1),
  period        text NOT NULL CHECK (period IN ('daily', 'weekly', 'campaign')),
  starts_at     timestamptz,
  ends_at       timestamptz,
  event_id      integer,
  reward_kind   text NOT NULL CHECK (reward_kind IN ('points', 'free_credit')),
  reward_amount bigint NOT NULL CHECK (reward_amount >= 1),
  is_active     boolean NOT NULL DEFAULT true,
  sort_order    integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  updated_by    integer REFERENCES staff(id),
  CHECK ((period = 'campaign') = (starts_at IS NOT NULL AND ends_at IS NOT NULL)),
  CHECK (ends_at IS NULL OR starts_at < ends_at)
);
CREATE INDEX quest_event ON quest (event_id) WHERE event_id IS NOT NULL;

-- Which quest and period a reward_claim paid: a quest with claims keeps its task, period and campaign
-- start (they make the claim's period key), so an operator's edit never re-opens a claimed period.
CREATE TABLE quest_claim (
  quest_id   integer NOT NULL REFERENCES quest(id),
  member_id  integer NOT NULL REFERENCES member(id),
  period_key text NOT NULL,
  claim_id   bigint NOT NULL REFERENCES reward_claim(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (quest_id, member_id, period_key)
);

-- Confirmed deposits of one member in a period (payments/checkin-queries.ts): a statement line an
-- operator assigned to the member without a request is found by its member, not by a scan.
CREATE INDEX statement_line_assigned_member ON statement_line (assign_member_id, resolved_at)
  WHERE status = 'assigned' AND request_id IS NULL;
