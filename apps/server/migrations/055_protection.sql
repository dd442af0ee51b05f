-- Player protection (docs/rules/protection.md, decision 0050): the limits a member sets on their own
-- deposits and losses, the reality-check interval, time-outs and self-exclusion, and the history of
-- every change the member made.

-- One row per member who has ever used a protection tool. A time-out or a self-exclusion is a block:
-- from block_started_at until block_until (NULL: permanent), never shortened.
CREATE TABLE protection_member (
  member_id              integer PRIMARY KEY REFERENCES member(id),
  reality_check_minutes  integer CHECK (reality_check_minutes IN (30, 60)),
  block_kind             text CHECK (block_kind IN ('timeout', 'exclusion')),
  block_choice           text CHECK (block_choice IN ('1d', '7d', '30d', '6m', '1y', '5y', 'permanent')),
  block_started_at       timestamptz,
  block_until            timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  CHECK ((block_kind IS NULL) = (block_started_at IS NULL)),
  CHECK (block_kind IS NULL OR block_until IS NOT NULL OR block_kind = 'exclusion')
);
CREATE INDEX protection_member_blocked ON protection_member (block_until) WHERE block_kind IS NOT NULL;

-- A limit per kind and period. `amount_satang` is the limit in force (NULL: none); a raise or a removal
-- waits in `pending_*` until `pending_from` (the cooling-off), a decrease replaces it at once.
-- Loss rows also carry the period's net loss (`used_satang`: stakes less wins and refunds, negative
-- when the member is ahead) for the Bangkok period starting `period_start`, kept by the trigger below
-- in the same transaction as every bet, win and refund. Once a member has a loss limit the three loss
-- rows (day, week, month) exist, so each period is counted from then on.
CREATE TABLE protection_limit (
  member_id       integer NOT NULL REFERENCES member(id),
  kind            text NOT NULL CHECK (kind IN ('deposit', 'loss')),
  period          text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount_satang   bigint CHECK (amount_satang > 0),
  pending_amount_satang bigint CHECK (pending_amount_satang > 0),
  pending_from    timestamptz,
  period_start    date,
  used_satang     bigint NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind, period),
  CHECK (pending_from IS NOT NULL OR pending_amount_satang IS NULL)
);
CREATE INDEX protection_limit_pending ON protection_limit (pending_from) WHERE pending_from IS NOT NULL;

-- Every change a member made (kept; the member and the operator read the last 12 months).
CREATE TABLE protection_event (
  id          bigserial PRIMARY KEY,
  member_id   integer NOT NULL REFERENCES member(id),
  at          timestamptz NOT NULL,
  action      text NOT NULL CHECK (action IN ('limit_set', 'limit_pending', 'limit_applied',
                'reality_check', 'timeout', 'exclusion')),
  detail      jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX protection_event_member ON protection_event (member_id, at DESC);

-- The first day of the Bangkok day, week (from Monday) or month holding `at`.
-- protection_period_start: now in modules/protection/sql/protection_period_start.sql (decision 0072).

-- The guard of every bet (docs/rules/protection.md §2.3, §3.2, §4.2): every bet, win and refund
-- between a member wallet and a system account passes here, in the transaction that moves the money.
-- A bet of a member in a time-out or self-exclusion raises PROTECTION_TIMEOUT or PROTECTION_EXCLUDED
-- (the detail holds the end); a bet that takes a period's net loss past its limit raises
-- PROTECTION_LOSS_LIMIT (the detail names the period, the limit and the period's start). Either undoes
-- the whole bet. The loss counters move in one UPDATE, so parallel bets of one member wait for each
-- other and never overshoot. A member who never used a protection tool costs one indexed read.
-- protection_count_loss: now in modules/protection/sql/protection_count_loss.sql (decision 0072).

CREATE TRIGGER ledger_transfer_protection_loss AFTER INSERT ON ledger_transfer
  FOR EACH ROW WHEN (NEW.kind IN ('bet', 'win', 'refund'))
  EXECUTE FUNCTION protection_count_loss();
