-- The exact path for one line: under every slot's lock, refuses (answering the total accepted before
-- this bill) when the stake would take the number over its ceiling; otherwise adds it to the bill's
-- slot and shares what is left of the ceiling between the slots (lotto_exposure_add), answering NULL.
CREATE OR REPLACE FUNCTION lotto_exposure_take(
  p_round bigint, p_bet_type text, p_number text, p_slot integer, p_slots integer, p_amount bigint, p_ceiling bigint
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
BEGIN
  v_total := lotto_exposure_lock(p_round, p_bet_type, p_number, p_ceiling);
  IF v_total + p_amount > p_ceiling THEN
    RETURN v_total;
  END IF;
  PERFORM lotto_exposure_add(p_round, p_bet_type, p_number, p_slot, p_slots, p_amount, p_ceiling, v_total);
  RETURN NULL;
END $$;
