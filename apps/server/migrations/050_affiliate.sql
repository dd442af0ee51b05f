-- The affiliate programme (docs/rules/engagement.md §11): the referral fixed at registration, the
-- daily commission on the downline's net loss, and the affiliate balance it accrues into.

-- Rule 1: who referred a member is fixed at registration, and the code in their link never changes.
CREATE INDEX member_referred_by ON member (referred_by) WHERE referred_by IS NOT NULL;
-- member_referral_fixed: now in modules/members/sql/member_referral_fixed.sql (decision 0072).
CREATE TRIGGER member_referral_fixed BEFORE UPDATE OF referred_by, referral_code ON member
  FOR EACH ROW
  WHEN (OLD.referred_by IS DISTINCT FROM NEW.referred_by OR OLD.referral_code IS DISTINCT FROM NEW.referral_code)
  EXECUTE FUNCTION member_referral_fixed();

-- The day's settled figures of every member (rule 2) are read from the points accrual by settling time.
CREATE INDEX point_accrual_settled ON point_accrual (settled_at);

-- The network's active flag (rule 4: a deposit in the last 30 days) reads the member's deposits.
CREATE INDEX ledger_transfer_deposit ON ledger_transfer (credit_account_id, created_at) WHERE kind = 'deposit';

-- The affiliate balance: a ledger of its own. The balance never goes below zero; each change is one
-- append-only entry with a unique key (commission `affiliate:<referrer>:<day>`, G2). Redeeming takes
-- the amount out of here and, in the same transaction, pays it to main as a reward (reward_claim).
CREATE TABLE affiliate_account (
  member_id      integer PRIMARY KEY REFERENCES member(id),
  balance_satang bigint NOT NULL DEFAULT 0 CHECK (balance_satang >= 0),
  -- What was redeemed on `redeem_day` (Bangkok), against the daily limit (rule 3).
  redeem_day     date,
  redeemed_day_satang bigint NOT NULL DEFAULT 0 CHECK (redeemed_day_satang >= 0),
  redeems        integer NOT NULL DEFAULT 0 CHECK (redeems >= 0),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE affiliate_entry (
  id              bigserial PRIMARY KEY,
  member_id       integer NOT NULL REFERENCES member(id),
  kind            text NOT NULL CHECK (kind IN ('commission', 'redeem')),
  amount_satang   bigint NOT NULL CHECK (amount_satang <> 0),
  balance_after   bigint NOT NULL CHECK (balance_after >= 0),
  -- commission: the day it was earned on; redeem: the Bangkok day of the redemption.
  day             date NOT NULL,
  reference       text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'commission') = (amount_satang > 0))
);
CREATE INDEX affiliate_entry_member ON affiliate_entry (member_id, id DESC);
CREATE TRIGGER affiliate_entry_no_update BEFORE UPDATE OR DELETE ON affiliate_entry
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
CREATE TRIGGER affiliate_entry_no_truncate BEFORE TRUNCATE ON affiliate_entry
  FOR EACH STATEMENT EXECUTE FUNCTION reject_mutation();

-- One row per referrer and day once that day's commission is computed (G2, `affiliate:referrer:D`):
-- a second run, concurrent or later, finds it and pays nothing. Its lines say where it came from.
CREATE TABLE affiliate_payout (
  referrer_id   integer NOT NULL REFERENCES member(id),
  day           date NOT NULL,
  amount_satang bigint NOT NULL CHECK (amount_satang >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (referrer_id, day)
);
CREATE INDEX affiliate_payout_day ON affiliate_payout (day);
CREATE TRIGGER affiliate_payout_no_update BEFORE UPDATE OR DELETE ON affiliate_payout
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();

CREATE TABLE affiliate_commission_line (
  referrer_id       integer NOT NULL,
  day               date NOT NULL,
  downline_id       integer NOT NULL REFERENCES member(id),
  level             smallint NOT NULL CHECK (level IN (1, 2)),
  stake_satang      bigint NOT NULL CHECK (stake_satang >= 0),
  payout_satang     bigint NOT NULL CHECK (payout_satang >= 0),
  net_loss_satang   bigint NOT NULL CHECK (net_loss_satang >= 0),
  rate_bp           integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  commission_satang bigint NOT NULL CHECK (commission_satang >= 0),
  -- G5: the downline was flagged when the day was computed; the line earned nothing.
  excluded          boolean NOT NULL DEFAULT false,
  PRIMARY KEY (referrer_id, day, downline_id),
  FOREIGN KEY (referrer_id, day) REFERENCES affiliate_payout (referrer_id, day)
);
CREATE TRIGGER affiliate_commission_line_no_update BEFORE UPDATE OR DELETE ON affiliate_commission_line
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();

-- Each computation of a day (the 01:30 job or an operator's re-run), for the job's catch-up and the
-- operator's view.
CREATE TABLE affiliate_run (
  id           bigserial PRIMARY KEY,
  day          date NOT NULL,
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz NOT NULL DEFAULT now(),
  staff_id     integer REFERENCES staff(id),
  referrers    integer NOT NULL,
  paid         integer NOT NULL,
  repeated     integer NOT NULL,
  paid_satang  bigint NOT NULL
);
CREATE INDEX affiliate_run_day ON affiliate_run (day);
