-- Adds `p_amount` to slot `p_slot` of a number whose slots this transaction holds locked
-- (lotto_exposure_lock answered `p_total`, the number's exact total before it) and shares what is left
-- of the ceiling between the slots: every slot from 0 to `p_slots` - 1 is there afterwards (the missing
-- ones created here, under slot 0's lock, so the next bills find a budget on whichever slot they come
-- to), each other slot's budget becomes what it holds plus an equal share and the bill's slot keeps the
-- rest, so the budgets add up to the ceiling. The exact path of one bill (lotto_exposure_take) and of a
-- group's numbers (lotto_place_bills).
CREATE OR REPLACE FUNCTION lotto_exposure_add(
  p_round bigint, p_bet_type text, p_number text, p_slot integer, p_slots integer, p_amount bigint,
  p_ceiling bigint, p_total bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_others integer;
  v_free bigint;
  v_share bigint;
BEGIN
  INSERT INTO lotto_exposure_slot (round_id, bet_type, number, slot, accepted_amount, budget, ceiling)
  SELECT p_round, p_bet_type, p_number, s, 0, 0, p_ceiling FROM generate_series(0, p_slots - 1) s
  WHERE s <> p_slot
  ORDER BY s
  ON CONFLICT DO NOTHING;
  SELECT count(*) FILTER (WHERE e.slot <> p_slot) INTO v_others
  FROM lotto_exposure_slot e WHERE e.round_id = p_round AND e.bet_type = p_bet_type AND e.number = p_number;
  v_free := p_ceiling - p_total - p_amount;
  v_share := v_free / (v_others + 1);
  UPDATE lotto_exposure_slot e SET budget = e.accepted_amount + v_share, ceiling = p_ceiling
  WHERE e.round_id = p_round AND e.bet_type = p_bet_type AND e.number = p_number AND e.slot <> p_slot;
  INSERT INTO lotto_exposure_slot AS e (round_id, bet_type, number, slot, accepted_amount, budget, ceiling)
  VALUES (p_round, p_bet_type, p_number, p_slot, p_amount, p_amount + v_free - v_share * v_others, p_ceiling)
  ON CONFLICT (round_id, bet_type, number, slot) DO UPDATE
    SET accepted_amount = e.accepted_amount + EXCLUDED.accepted_amount,
        budget = e.accepted_amount + EXCLUDED.budget, ceiling = EXCLUDED.ceiling;
END $$;
