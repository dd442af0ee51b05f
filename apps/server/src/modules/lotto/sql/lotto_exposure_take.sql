-- The exact path for one line: under every slot's lock, refuses (answering the total accepted before
-- this bill) when the stake would take the number over its ceiling; otherwise adds it to the bill's
-- slot and shares what is left of the ceiling between the slots (answering NULL).
CREATE OR REPLACE FUNCTION lotto_exposure_take(
  p_round bigint, p_bet_type text, p_number text, p_slot integer, p_slots integer, p_amount bigint, p_ceiling bigint
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
  v_others integer;
  v_own bigint;
  v_free bigint;
  v_share bigint;
BEGIN
  v_total := lotto_exposure_lock(p_round, p_bet_type, p_number, p_ceiling);
  IF v_total + p_amount > p_ceiling THEN
    RETURN v_total;
  END IF;
  SELECT count(*) FILTER (WHERE e.slot <> p_slot), coalesce(max(e.accepted_amount) FILTER (WHERE e.slot = p_slot), 0)
  INTO v_others, v_own
  FROM lotto_exposure_slot e WHERE e.round_id = p_round AND e.bet_type = p_bet_type AND e.number = p_number;
  v_free := p_ceiling - v_total - p_amount;
  v_share := v_free / greatest(p_slots, v_others + 1);
  UPDATE lotto_exposure_slot e SET budget = e.accepted_amount + v_share, ceiling = p_ceiling
  WHERE e.round_id = p_round AND e.bet_type = p_bet_type AND e.number = p_number AND e.slot <> p_slot;
  INSERT INTO lotto_exposure_slot AS e (round_id, bet_type, number, slot, accepted_amount, budget, ceiling)
  VALUES (p_round, p_bet_type, p_number, p_slot, p_amount, v_own + p_amount + v_free - v_share * v_others, p_ceiling)
  ON CONFLICT (round_id, bet_type, number, slot) DO UPDATE
    SET accepted_amount = e.accepted_amount + EXCLUDED.accepted_amount, budget = EXCLUDED.budget,
        ceiling = EXCLUDED.ceiling;
  RETURN NULL;
END $$;
