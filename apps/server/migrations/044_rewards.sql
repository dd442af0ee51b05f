-- Rewards I, the shared part: points (docs/rules/engagement.md §7), once-only reward claims and risk
-- holds (§0 G2, G5), the free-credit wallet's turnover and cap (docs/rules/casino.md §1.3–1.4), the
-- per-member write quota (§0 G4) and the settings an operator changes per feature.

-- G5: what two members may share that flags them (registration address, device, bank-account name).
ALTER TABLE member ADD COLUMN register_ip text, ADD COLUMN device_id text;
CREATE INDEX member_register_ip ON member (register_ip) WHERE register_ip IS NOT NULL;
CREATE INDEX member_device_id ON member (device_id) WHERE device_id IS NOT NULL;
CREATE INDEX member_account_name_key ON member ((lower(regexp_replace(account_name, '\s+', ' ', 'g'))));

-- Points: a ledger of their own. The account's balance never goes below zero; each change is one
-- append-only row with a unique key (a repeat with the same key changes nothing).
CREATE TABLE point_account (
  member_id    integer PRIMARY KEY REFERENCES member(id),
  balance      bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  -- Settled stake below one point, carried to the member's next round or bill (§7).
  carry_satang bigint NOT NULL DEFAULT 0 CHECK (carry_satang >= 0),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE point_transfer (
  id              bigserial PRIMARY KEY,
  member_id       integer NOT NULL REFERENCES member(id),
  amount          bigint NOT NULL CHECK (amount <> 0),
  balance_after   bigint NOT NULL CHECK (balance_after >= 0),
  kind            text NOT NULL CHECK (kind IN ('accrual', 'checkin', 'quest', 'wheel', 'wheel_spin', 'shop', 'shop_refund', 'adjustment')),
  reference       text NOT NULL DEFAULT '',
  idempotency_key text NOT NULL UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX point_transfer_member ON point_transfer (member_id, id DESC);
CREATE TRIGGER point_transfer_no_update BEFORE UPDATE OR DELETE ON point_transfer
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
CREATE TRIGGER point_transfer_no_truncate BEFORE TRUNCATE ON point_transfer
  FOR EACH STATEMENT EXECUTE FUNCTION reject_mutation();

-- Every settled main-wallet round or resulted bill, read once by the accrual (key `points:<source>`),
-- even when it earned no whole point (its stake still moved the carry). The rows are the settled
-- figures of docs/rules/engagement.md §0 G6 too: stake, payout, category and when it settled.
CREATE TABLE point_accrual (
  source_key    text PRIMARY KEY,
  member_id     integer NOT NULL REFERENCES member(id),
  source        text NOT NULL CHECK (source IN ('game', 'lotto')),
  category      text NOT NULL,
  stake_satang  bigint NOT NULL CHECK (stake_satang >= 0),
  payout_satang bigint NOT NULL CHECK (payout_satang >= 0),
  -- The stake that counts as turnover: the stake, less the baccarat Player/Banker netting of G6.
  turnover_satang bigint NOT NULL CHECK (turnover_satang >= 0 AND turnover_satang <= stake_satang),
  points        bigint NOT NULL CHECK (points >= 0),
  settled_at    timestamptz NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX point_accrual_member ON point_accrual (member_id, settled_at);

-- Up to when each source has been read for good; rows settled after it (less a safety lag for
-- transactions still committing) are read again and skipped when already in point_accrual.
CREATE TABLE point_accrual_cursor (
  source     text PRIMARY KEY CHECK (source IN ('game', 'lotto')),
  read_until timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO point_accrual_cursor (source) VALUES ('game'), ('lotto');
CREATE INDEX lotto_bill_resulted ON lotto_bill (settled_at) WHERE status IN ('won', 'lost');

-- G2: one row per reward a member can receive once; a repeat returns this row. A reward held by G5
-- waits here for an operator (status held → paid or rejected).
CREATE TABLE reward_claim (
  id           bigserial PRIMARY KEY,
  member_id    integer NOT NULL REFERENCES member(id),
  feature      text NOT NULL,
  period_key   text NOT NULL,
  reward_kind  text NOT NULL CHECK (reward_kind IN ('points', 'free_credit', 'main', 'none')),
  amount       bigint NOT NULL CHECK (amount >= 0),
  status       text NOT NULL CHECK (status IN ('paid', 'held', 'rejected')),
  hold_reason  text,
  reference    text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  decided_at   timestamptz,
  decided_by   integer REFERENCES staff(id),
  UNIQUE (member_id, feature, period_key)
);
CREATE INDEX reward_claim_held ON reward_claim (created_at) WHERE status = 'held';
CREATE INDEX reward_claim_member ON reward_claim (member_id, id DESC);

-- The free-credit wallet's requirement and cap since its last reset (docs/rules/casino.md §1.3):
-- turnover counts the wallet's settled stake from `since`.
CREATE TABLE free_credit_state (
  member_id          integer PRIMARY KEY REFERENCES member(id),
  granted_satang     bigint NOT NULL DEFAULT 0 CHECK (granted_satang >= 0),
  requirement_satang bigint NOT NULL DEFAULT 0 CHECK (requirement_satang >= 0),
  cap_satang         bigint NOT NULL DEFAULT 0 CHECK (cap_satang >= 0),
  since              timestamptz NOT NULL DEFAULT now(),
  resets             integer NOT NULL DEFAULT 0
);
CREATE INDEX free_credit_state_open ON free_credit_state (member_id) WHERE granted_satang > 0;

-- Per-feature settings an operator changes (every number of docs/rules/engagement.md is a default).
CREATE TABLE reward_setting (
  feature    text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES staff(id)
);

-- G4: writes per member per endpoint in the current minute, counted in one statement.
CREATE TABLE member_write_quota (
  member_id    integer NOT NULL REFERENCES member(id),
  endpoint     text NOT NULL,
  window_start timestamptz NOT NULL,
  used         integer NOT NULL,
  PRIMARY KEY (member_id, endpoint)
);
