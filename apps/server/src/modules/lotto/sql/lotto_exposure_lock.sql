-- Locks every slot of a number: slot 0 first (created if missing), then, by a statement that starts
-- after that lock is held, all of them in slot order. Slots other than 0 are only created under slot
-- 0's lock, so the rows locked are all there are. Answers the number's exact total.
CREATE OR REPLACE FUNCTION lotto_exposure_lock(p_round bigint, p_bet_type text, p_number text, p_ceiling bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
BEGIN
  INSERT INTO lotto_exposure_slot (round_id, bet_type, number, slot, accepted_amount, budget, ceiling)
  VALUES (p_round, p_bet_type, p_number, 0, 0, 0, p_ceiling) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM lotto_exposure_slot e
  WHERE e.round_id = p_round AND e.bet_type = p_bet_type AND e.number = p_number AND e.slot = 0 FOR UPDATE;
  SELECT coalesce(sum(x.accepted_amount), 0) INTO v_total FROM (
    SELECT e.accepted_amount FROM lotto_exposure_slot e
    WHERE e.round_id = p_round AND e.bet_type = p_bet_type AND e.number = p_number
    ORDER BY e.slot FOR UPDATE) x;
  RETURN v_total;
END $$;
