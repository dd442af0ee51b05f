-- The round a bill or a group of bills is placed in (docs/rules/lottery.md §7 Create, step 1): taken
-- FOR SHARE (a close, a result or a rules change waits for the bills in flight), with what a bill view
-- shows of it; raises LOTTO_ROUND_NOT_FOUND, or LOTTO_ROUND_CLOSED unless it is open by the database
-- clock read after the lock. Called by lotto_place_bill and lotto_place_bills.
CREATE OR REPLACE FUNCTION lotto_round_for_bills(
  p_round bigint,
  OUT status text, OUT open_at timestamptz, OUT close_at timestamptz, OUT rules_version integer,
  OUT settings jsonb, OUT business_date text, OUT round_no integer, OUT market_name text, OUT derive_rule text
) LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz;
BEGIN
  SELECT lr.status, lr.open_at, lr.close_at, lr.rules_version, lr.settings, lr.business_date, lr.round_no,
         mk.name, mk.derive_rule
  INTO status, open_at, close_at, rules_version, settings, business_date, round_no, market_name, derive_rule
  FROM lotto_round lr JOIN lotto_market mk ON mk.id = lr.market_id
  WHERE lr.id = p_round FOR SHARE OF lr;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'LOTTO_ROUND_NOT_FOUND';
  END IF;
  v_now := clock_timestamp();
  IF NOT (status = 'open' AND v_now < close_at AND open_at <= v_now) THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'LOTTO_ROUND_CLOSED';
  END IF;
END $$;
