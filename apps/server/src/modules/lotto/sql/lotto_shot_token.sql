-- What a batch of shots is judged against on the round row: its count (the next seq, the chain head,
-- each member's shots), status, shooting times and rules (the yeekee settings). Read with the
-- recent shots, compared again under the lock by lotto_record_shots.
CREATE OR REPLACE FUNCTION lotto_shot_token(r lotto_round) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT md5(concat_ws('|', r.shot_count, r.status, r.rules_version, extract(epoch FROM r.open_at),
    extract(epoch FROM r.shoot_close_at), r.seal_offset_ms))
$$;
