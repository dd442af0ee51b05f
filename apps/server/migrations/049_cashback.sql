-- Loss cashback, lotto loss cashback and turnover commission (docs/rules/engagement.md §3, §4, §12).
-- Each payment is a reward_claim (G2: once per member, feature and day; a held one waits for an
-- operator, G5); this row keeps what it was computed from: the day's settled figures, the rate, and
-- who made it happen (the member's claim, the 01:00 job, or an operator's re-run of the day).
CREATE TABLE cashback_payout (
  id            bigserial PRIMARY KEY,
  claim_id      bigint NOT NULL UNIQUE REFERENCES reward_claim(id),
  member_id     integer NOT NULL REFERENCES member(id),
  kind          text NOT NULL CHECK (kind IN ('loss', 'lotto', 'commission')),
  -- The Bangkok day of the figures (D); the claim window is D+1.
  day           date NOT NULL,
  stake_satang  bigint NOT NULL CHECK (stake_satang >= 0),
  payout_satang bigint NOT NULL CHECK (payout_satang >= 0),
  -- Net loss (loss, lotto) or turnover (commission): what the rate applied to.
  base_satang   bigint NOT NULL CHECK (base_satang > 0),
  rate_bp       integer NOT NULL CHECK (rate_bp BETWEEN 1 AND 10000),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  paid_by       text NOT NULL CHECK (paid_by IN ('member', 'job', 'operator')),
  staff_id      integer REFERENCES staff(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, kind, day),
  CHECK ((paid_by = 'operator') = (staff_id IS NOT NULL))
);
CREATE INDEX cashback_payout_history ON cashback_payout (member_id, kind, day DESC);
CREATE INDEX cashback_payout_day ON cashback_payout (kind, day);
