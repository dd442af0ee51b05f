-- A bill (docs/rules/lottery.md §7 Create), in the order of the TypeScript path it replaces
-- (decision 0011): the round FOR SHARE with the clock read after the lock, open and before close_at;
-- the member's wallet, one that may pay for lotto; the rules version Node checked the lines against;
-- the bill and its items (the unique (member_id, idempotency_key) answers `replay` for a key already
-- used); the debit; exposure, number by number in (bet_type, number) order; the clock once more.
-- Answers the bill, its items, the paying wallet's balance and the round fields a bill view shows.
CREATE OR REPLACE FUNCTION lotto_place_bill(
  p_round bigint, p_rules_version integer, p_member integer, p_wallet integer, p_lotto_wallets integer[],
  p_key text, p_total bigint, p_slot integer,
  p_bet_types text[], p_numbers text[], p_tod_keys text[], p_stakes bigint[], p_rates numeric[],
  p_potential_wins bigint[], p_ceilings bigint[], p_slots integer[]
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  r record;
  w record;
  b record;
  m record;
  v record;
  x record;
  v_items json;
  v_slot integer;
  v_before bigint;
  v_over jsonb := '[]';
BEGIN
  SELECT * INTO r FROM lotto_round_for_bills(p_round);
  SELECT * INTO w FROM wallet_account_of(p_member, p_wallet);
  IF w.id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'WALLET_NOT_FOUND';
  END IF;
  IF NOT (w.wallet_type_id = ANY (p_lotto_wallets)) THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'LOTTO_WALLET_NOT_ELIGIBLE', DETAIL = w.wallet_type_id::text;
  END IF;
  IF r.rules_version <> p_rules_version THEN
    RETURN lotto_rules_answer(p_round, r.rules_version, r.settings);
  END IF;

  INSERT INTO lotto_bill (member_id, round_id, wallet_type_id, total_stake, idempotency_key)
  VALUES (p_member, p_round, w.wallet_type_id, p_total, p_key)
  ON CONFLICT (member_id, idempotency_key) DO NOTHING
  RETURNING id, round_id, wallet_type_id, status, total_stake, total_win, created_at INTO b;
  IF NOT FOUND THEN
    RETURN json_build_object('replay', true);
  END IF;
  WITH i AS (
    INSERT INTO lotto_bill_item (bill_id, round_id, bet_type, number, tod_key, stake, rate_snapshot, potential_win)
    SELECT b.id, p_round, u.bet_type, u.number, u.tod_key, u.stake, u.rate, u.potential_win
    FROM unnest(p_bet_types, p_numbers, p_tod_keys, p_stakes, p_rates, p_potential_wins) WITH ORDINALITY
      AS u(bet_type, number, tod_key, stake, rate, potential_win, ord)
    ORDER BY u.ord
    RETURNING id, bet_type, number, stake, rate_snapshot, potential_win, status, win_amount)
  SELECT json_agg(json_build_object('id', i.id, 'bet_type', i.bet_type, 'number', i.number, 'stake', i.stake,
           'rate_snapshot', i.rate_snapshot::text, 'potential_win', i.potential_win, 'status', i.status,
           'win_amount', i.win_amount) ORDER BY i.id)
  INTO v_items FROM i;

  SELECT * INTO m FROM wallet_move(w.id, 'sys:lotto', true, p_total, 'bet', 'lotto:bill:' || b.id, 'lotto:bet:' || b.id);
  IF m.transfer_id IS NULL THEN
    RAISE EXCEPTION 'ledger key lotto:bet:% already used', b.id;
  END IF;

  FOR v IN
    SELECT u.bet_type, u.number, u.stake, u.ceiling, u.slots
    FROM unnest(p_bet_types, p_numbers, p_stakes, p_ceilings, p_slots) AS u(bet_type, number, stake, ceiling, slots)
    ORDER BY u.bet_type COLLATE "C", u.number COLLATE "C"
  LOOP
    v_slot := p_slot % greatest(v.slots, 1);
    -- Read first, without a lock: a bill takes the exact path holding no row of the number, so the
    -- locks are always taken in (number, slot) order and two bills never wait for each other in a
    -- circle.
    SELECT e.accepted_amount, e.budget, e.ceiling INTO x FROM lotto_exposure_slot e
    WHERE e.round_id = p_round AND e.bet_type = v.bet_type AND e.number = v.number AND e.slot = v_slot;
    IF FOUND AND x.ceiling = v.ceiling AND x.accepted_amount + v.stake <= x.budget THEN
      UPDATE lotto_exposure_slot e SET accepted_amount = e.accepted_amount + v.stake
      WHERE e.round_id = p_round AND e.bet_type = v.bet_type AND e.number = v.number AND e.slot = v_slot
        AND e.ceiling = v.ceiling AND e.accepted_amount + v.stake <= e.budget;
      IF NOT FOUND THEN
        -- The slot changed after the read and no longer covers the stake; the re-check may have
        -- left its row locked by this bill, which then must not wait for the number's other rows.
        -- Nothing of the bill stays; the caller places it again.
        RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'an exposure slot changed under the bill';
      END IF;
    ELSE
      -- A number nobody has bet on yet: its first row (slot 0) takes the stake and the whole ceiling
      -- as its budget. Other slots are only ever created under slot 0's lock, so when slot 0 does not
      -- exist the number has no row at all.
      IF NOT FOUND AND v.stake <= v.ceiling THEN
        INSERT INTO lotto_exposure_slot (round_id, bet_type, number, slot, accepted_amount, budget, ceiling)
        VALUES (p_round, v.bet_type, v.number, 0, v.stake, v.ceiling, v.ceiling)
        ON CONFLICT DO NOTHING;
        CONTINUE WHEN FOUND;
      END IF;
      v_before := lotto_exposure_take(p_round, v.bet_type, v.number, v_slot, greatest(v.slots, 1), v.stake, v.ceiling);
      IF v_before IS NOT NULL THEN
        v_over := v_over || jsonb_build_array(jsonb_build_object('bet_type', v.bet_type, 'number', v.number,
          'accepted', v_before));
      END IF;
    END IF;
  END LOOP;
  IF jsonb_array_length(v_over) > 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'LOTTO_OVER_CEILING', DETAIL = v_over::text;
  END IF;
  -- The close time, read after the last lock: nothing commits at or after close_at.
  IF clock_timestamp() >= r.close_at THEN
    RAISE EXCEPTION USING ERRCODE = 'CK001', MESSAGE = 'LOTTO_ROUND_CLOSED';
  END IF;
  RETURN json_build_object(
    'bill', json_build_object('id', b.id, 'round_id', b.round_id, 'wallet_type_id', b.wallet_type_id,
      'status', b.status, 'total_stake', b.total_stake, 'total_win', b.total_win, 'created_at', b.created_at),
    'items', v_items,
    'balance', m.balance,
    'round', json_build_object('market_name', r.market_name, 'business_date', r.business_date,
      'round_no', r.round_no, 'close_at', r.close_at, 'status', r.status, 'derive_rule', r.derive_rule));
END $$;
