-- The guard of every bet (docs/rules/protection.md §2.3, §3.2, §4.2): every bet, win and refund
-- between a member wallet and a system account passes here, in the transaction that moves the money.
-- A bet of a member in a time-out or self-exclusion raises PROTECTION_TIMEOUT or PROTECTION_EXCLUDED
-- (the detail holds the end); a bet that takes a period's net loss past its limit raises
-- PROTECTION_LOSS_LIMIT (the detail names the period, the limit and the period's start). Either undoes
-- the whole bet. The loss counters move in one UPDATE, so parallel bets of one member wait for each
-- other and never overshoot. A member who never used a protection tool costs one indexed read.
CREATE OR REPLACE FUNCTION protection_count_loss() RETURNS trigger LANGUAGE plpgsql AS $$
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
