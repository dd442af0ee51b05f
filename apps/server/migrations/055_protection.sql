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
CREATE FUNCTION protection_period_start(p_period text, p_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_period
    WHEN 'day' THEN (p_at AT TIME ZONE 'Asia/Bangkok')::date
    WHEN 'week' THEN date_trunc('week', (p_at AT TIME ZONE 'Asia/Bangkok')::date)::date
    ELSE date_trunc('month', (p_at AT TIME ZONE 'Asia/Bangkok')::date)::date
  END
$$;

-- The guard of every bet (docs/rules/protection.md §2.3, §3.2, §4.2): every bet, win and refund
-- between a member wallet and a system account passes here, in the transaction that moves the money.
-- A bet of a member in a time-out or self-exclusion raises PROTECTION_TIMEOUT or PROTECTION_EXCLUDED
-- (the detail holds the end); a bet that takes a period's net loss past its limit raises
-- PROTECTION_LOSS_LIMIT (the detail names the period, the limit and the period's start). Either undoes
-- the whole bet. The loss counters move in one UPDATE, so parallel bets of one member wait for each
-- other and never overshoot. A member who never used a protection tool costs one indexed read.
CREATE FUNCTION protection_count_loss() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_member integer;
  v_delta bigint;
  v_at timestamptz := now();
  p record;
  o record;
BEGIN
  SELECT a.member_id, pm.block_kind, pm.block_until,
         EXISTS (SELECT 1 FROM protection_limit l WHERE l.member_id = a.member_id AND l.kind = 'loss') AS counts
  INTO p
  FROM ledger_account a LEFT JOIN protection_member pm ON pm.member_id = a.member_id
  WHERE a.id = CASE WHEN NEW.kind = 'bet' THEN NEW.debit_account_id ELSE NEW.credit_account_id END
    AND a.kind = 'member_wallet';
  IF p.member_id IS NULL THEN
    RETURN NULL;
  END IF;
  v_member := p.member_id;
  IF NEW.kind = 'bet' AND p.block_kind IS NOT NULL AND (p.block_until IS NULL OR p.block_until > v_at) THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001',
      MESSAGE = CASE p.block_kind WHEN 'timeout' THEN 'PROTECTION_TIMEOUT' ELSE 'PROTECTION_EXCLUDED' END,
      DETAIL = json_build_object('until', p.block_until)::text;
  END IF;
  IF NOT p.counts THEN
    RETURN NULL;
  END IF;
  v_delta := CASE WHEN NEW.kind = 'bet' THEN NEW.amount ELSE -NEW.amount END;
  WITH moved AS (
    UPDATE protection_limit l
    SET used_satang = CASE WHEN l.period_start = protection_period_start(l.period, v_at) THEN l.used_satang ELSE 0 END
                      + v_delta,
        period_start = protection_period_start(l.period, v_at)
    WHERE l.member_id = v_member AND l.kind = 'loss'
    RETURNING l.period, l.amount_satang, l.used_satang, l.period_start
  )
  SELECT * INTO o FROM moved
  WHERE v_delta > 0 AND moved.amount_satang IS NOT NULL AND moved.used_satang > moved.amount_satang
  ORDER BY CASE moved.period WHEN 'day' THEN 1 WHEN 'week' THEN 2 ELSE 3 END
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'PROTECTION_LOSS_LIMIT',
      DETAIL = json_build_object('period', o.period, 'limit_satang', o.amount_satang,
        'used_satang', o.used_satang - v_delta, 'period_start', o.period_start)::text;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_transfer_protection_loss AFTER INSERT ON ledger_transfer
  FOR EACH ROW WHEN (NEW.kind IN ('bet', 'win', 'refund'))
  EXECUTE FUNCTION protection_count_loss();
