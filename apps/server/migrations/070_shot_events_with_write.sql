-- Yeekee shots: a batch's events (each shooter's own-shot event, the round's live count when due) are
-- sent by the batch's write itself, so they are delivered when, and only if, its shots commit, in commit
-- order, and cost no statement of their own (docs/rules/lottery.md §9; decision 0012). The payloads
-- and the channel come from the event bus (platform/events.ts `notifications`), packed as it packs them.
DROP FUNCTION lotto_record_shots_read(bigint, text, integer, text, integer[], integer[], text[], text[],
  timestamptz[], text[], text[], text[], integer[], timestamptz, timestamptz);

CREATE FUNCTION lotto_record_shots_read(
  p_round bigint, p_token text, p_new_count integer, p_new_head text,
  p_seqs integer[], p_members integer[], p_refs text[], p_numbers text[], p_ts timestamptz[], p_hashes text[],
  p_ips text[],
  p_next_ips text[], p_next_members integer[], p_next_earliest timestamptz, p_next_latest timestamptz,
  p_channel text, p_notifications text[]
) RETURNS json LANGUAGE plpgsql AS $$
BEGIN
  IF NOT lotto_record_shots(p_round, p_token, p_new_count, p_new_head, p_seqs, p_members, p_refs, p_numbers,
                            p_ts, p_hashes, p_ips) THEN
    RETURN json_build_object('ok', false);
  END IF;
  PERFORM pg_notify(p_channel, n) FROM unnest(p_notifications) AS n;
  RETURN json_build_object('ok', true, 'next', CASE WHEN p_next_ips IS NULL THEN NULL
    ELSE lotto_shot_state(p_round, p_next_ips, p_next_members, p_next_earliest, p_next_latest) END);
END $$;
