-- The `stale` answer of the bill functions (lotto_place_bill, lotto_place_bills): the round's rules as
-- they are now — their version, the settings and the เลขอั้น — for Node to check the lines again.
CREATE OR REPLACE FUNCTION lotto_rules_answer(p_round bigint, p_version integer, p_settings jsonb)
RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('stale', json_build_object(
    'version', p_version, 'settings', p_settings,
    'limits', (SELECT coalesce(json_agg(json_build_object('bet_type', l.bet_type, 'number', l.number,
                 'action', l.action, 'rate', l.rate::text, 'cap', l.cap)), '[]'::json)
               FROM lotto_number_limit l WHERE l.round_id = p_round)))
$$;
