-- Yeekee shots: the read a batch is judged against, as a function, so that a batch's write can read
-- the next batch's state and send the batch's events in the same round trip (docs/rules/lottery.md
-- §9; decision 0012).

-- Protection's part of that read (its table; docs/rules/protection.md §3.2, §4.2): the blocks on record
-- for some members, `{member_id, kind, until}`, in force or not (the caller judges that by its clock).
CREATE FUNCTION protection_shot_blocks(p_members integer[]) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object('member_id', p.member_id, 'kind', p.block_kind, 'until', p.block_until)),
                  '[]'::json)
  FROM protection_member p WHERE p.member_id = ANY (p_members) AND p.block_kind IS NOT NULL
$$;

-- What a batch of shots is judged against, without a lock: the round's fields the rules read with its
-- shooting token; per IP of the batch, the shots in `(p_earliest, p_latest]` (any round) as `core`
-- (those in `(p_latest − 60 s, p_earliest + 60 s]`, inside every shot's last minute) and the times
-- of the others; each member's count and last shot in the round; the members' blocks. NULL for no
-- such round. Planned on each call (EXECUTE): the generic plan for these arrays measured twice as
-- costly.
CREATE FUNCTION lotto_shot_state(
  p_round bigint, p_ips text[], p_members integer[], p_earliest timestamptz, p_latest timestamptz
) RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  v json;
BEGIN
  EXECUTE $q$
    SELECT json_build_object(
      'id', r.id, 'market_id', r.market_id, 'derive_rule', m.derive_rule, 'business_date', r.business_date,
      'round_no', r.round_no, 'status', r.status, 'open_at', r.open_at, 'shoot_close_at', r.shoot_close_at,
      'seal_offset_ms', r.seal_offset_ms, 'settings', r.settings, 'shot_count', r.shot_count,
      'chain_head', r.chain_head, 'token', lotto_shot_token(r),
      'by_ip', (SELECT coalesce(json_agg(json_build_object('ip', g.ip, 'core', g.core, 'ts', g.ts)), '[]'::json)
                FROM (SELECT s.ip, count(*) FILTER (WHERE c.core)::int AS core,
                             coalesce(json_agg(s.server_ts) FILTER (WHERE NOT c.core), '[]'::json) AS ts
                      FROM lotto_shot s
                      CROSS JOIN LATERAL (SELECT s.server_ts > $5 - interval '60 seconds'
                                            AND s.server_ts <= $4 + interval '60 seconds' AS core) c
                      WHERE s.ip = ANY ($2) AND s.server_ts > $4 AND s.server_ts <= $5
                      GROUP BY s.ip) g),
      'mine', (SELECT coalesce(json_agg(json_build_object('member_id', x.member_id, 'n', x.n, 'last', x.last)), '[]'::json)
               FROM (SELECT s.member_id, count(*)::int AS n, max(s.server_ts) AS last FROM lotto_shot s
                     WHERE s.round_id = $1 AND s.member_id = ANY ($3) GROUP BY s.member_id) x),
      'blocks', protection_shot_blocks($3))
    FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    WHERE r.id = $1
  $q$ INTO v USING p_round, p_ips, p_members, p_earliest, p_latest;
  RETURN v;
END $$;

-- A batch's write (lotto_record_shots, under the round's lock) and, when it is written:
-- - its events (each shooter's own-shot event, the round's live count when due), sent in its
--   transaction, so they are delivered when, and only if, its shots commit, in commit order, at no
--   statement of their own; the channel and the packed payloads come from the event bus
--   (platform/events.ts `notifications`);
-- - when a next batch is given, that batch's state read in the same transaction after the write:
--   `{ok, next}`. The next state is the one the commit leaves (the lock is held until then), so it is
--   judged without a read of its own; its write still checks the round's token.
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
