-- Takes stakes off exposure (a cancelled bill, a cancelled round), number by number in
-- (bet_type, number) order, each under every slot's lock. Budgets stay: a slot only holds less.
CREATE OR REPLACE FUNCTION lotto_exposure_release(p_round bigint, p_bet_types text[], p_numbers text[], p_amounts bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  FOR v IN
    SELECT u.bet_type, u.number, sum(u.amount)::bigint AS amount
    FROM unnest(p_bet_types, p_numbers, p_amounts) AS u(bet_type, number, amount)
    GROUP BY u.bet_type, u.number ORDER BY u.bet_type COLLATE "C", u.number COLLATE "C"
  LOOP
    CONTINUE WHEN NOT EXISTS (SELECT 1 FROM lotto_exposure_slot e
      WHERE e.round_id = p_round AND e.bet_type = v.bet_type AND e.number = v.number);
    PERFORM lotto_exposure_lock(p_round, v.bet_type, v.number, NULL);
    UPDATE lotto_exposure_slot e SET accepted_amount = e.accepted_amount - t.take
    FROM (
      SELECT s.slot, least(s.accepted_amount, greatest(0, v.amount - coalesce(sum(s.accepted_amount) OVER (
        ORDER BY s.slot ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) AS take
      FROM lotto_exposure_slot s
      WHERE s.round_id = p_round AND s.bet_type = v.bet_type AND s.number = v.number) t
    WHERE e.round_id = p_round AND e.bet_type = v.bet_type AND e.number = v.number AND e.slot = t.slot
      AND t.take > 0;
  END LOOP;
END $$;
