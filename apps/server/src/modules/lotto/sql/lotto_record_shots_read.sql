-- A batch's write (lotto_record_shots, under the round's lock) and, when it is written:
-- - its events (each shooter's own-shot event, the round's live count when due), sent in its
--   transaction, so they are delivered when, and only if, its shots commit, in commit order, at no
--   statement of their own; the channel and the packed payloads come from the event bus
--   (platform/events.ts `notifications`);
-- - when a next batch is given, that batch's state read in the same transaction after the write:
--   `{ok, next}`. The next state is the one the commit leaves (the lock is held until then), so it is
--   judged without a read of its own; its write still checks the round's token.
CREATE OR REPLACE FUNCTION lotto_record_shots_read(
  p_round bigint, p_token text, p_new_count integer, p_new_head text,
  p_seqs integer[], p_members integer[], p_refs text[], p_numbers text[], p_ts timestamptz[], p_hashes text[],
  p_ips text[], p_member_ns integer[], p_member_lasts timestamptz[],
  p_next_ips text[], p_next_members integer[], p_next_earliest timestamptz, p_next_latest timestamptz,
  p_channel text, p_notifications text[]
) RETURNS json LANGUAGE plpgsql AS $$
BEGIN
  IF NOT lotto_record_shots(p_round, p_token, p_new_count, p_new_head, p_seqs, p_members, p_refs, p_numbers,
                            p_ts, p_hashes, p_ips, p_member_ns, p_member_lasts) THEN
    RETURN json_build_object('ok', false);
  END IF;
  PERFORM pg_notify(p_channel, n) FROM unnest(p_notifications) AS n;
  RETURN json_build_object('ok', true, 'next', CASE WHEN p_next_ips IS NULL THEN NULL
    ELSE lotto_shot_state(p_round, p_next_ips, p_next_members, p_next_earliest, p_next_latest) END);
END $$;
