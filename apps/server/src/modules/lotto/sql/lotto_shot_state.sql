-- Yeekee shots: the read a batch is judged against (docs/rules/lottery.md §9), as a static statement, so
-- each connection plans it once and keeps the plan (PL/pgSQL's plan cache) instead of planning it on
-- every call (EXECUTE); docs/benchmarks.md (twelfth round) has the measurement.
--
-- A kept plan is generic (after five calls) and chosen from the statistics of that moment, which on a
-- young table (empty, or one round of a few members) say nothing true about a busy round. So the
-- plan is left no wrong choice (decision 0081): each address and each member is one probe of the one
-- index that answers it — `lotto_shot_ip`, and `lotto_shot_round_member` by its key
-- `round_id * 4294967296 + member_id` (migration 100) — and a sequential scan, which an empty table
-- makes look free, is off for the function. Before, a connection that planned `member_id = ANY (…)`
-- early could keep a walk of the round's primary key and read every shot of the round per batch.
CREATE OR REPLACE FUNCTION lotto_shot_state(
  p_round bigint, p_ips text[], p_members integer[], p_earliest timestamptz, p_latest timestamptz
) RETURNS json LANGUAGE plpgsql STABLE SET enable_seqscan = off AS $$
DECLARE
  v json;
BEGIN
  -- No round has an id beyond the key's range (migration 101); the key of one would not fit a bigint.
  IF p_round NOT BETWEEN 1 AND 2147483647 THEN
    RETURN NULL;
  END IF;
  SELECT json_build_object(
    'id', r.id, 'market_id', r.market_id, 'derive_rule', m.derive_rule, 'business_date', r.business_date,
    'round_no', r.round_no, 'status', r.status, 'open_at', r.open_at, 'shoot_close_at', r.shoot_close_at,
    'seal_offset_ms', r.seal_offset_ms, 'settings', r.settings, 'shot_count', r.shot_count,
    'chain_head', r.chain_head, 'token', lotto_shot_token(r),
    'by_ip', (SELECT coalesce(json_agg(json_build_object('ip', i.ip, 'core', g.core, 'ts', g.ts)), '[]'::json)
              FROM unnest(p_ips) AS i(ip)
              CROSS JOIN LATERAL (
                SELECT count(*)::int AS n, count(*) FILTER (WHERE c.core)::int AS core,
                       coalesce(json_agg(s.server_ts) FILTER (WHERE NOT c.core), '[]'::json) AS ts
                FROM lotto_shot s
                CROSS JOIN LATERAL (SELECT s.server_ts > p_latest - interval '60 seconds'
                                      AND s.server_ts <= p_earliest + interval '60 seconds' AS core) c
                WHERE s.ip = i.ip AND s.server_ts > p_earliest AND s.server_ts <= p_latest) g
              WHERE g.n > 0),
    -- A member's count and last shot: from the newest row, which carries them (migration 102, decision
    -- 0086); counted only when that row was written before they were kept.
    'mine', (SELECT coalesce(json_agg(json_build_object('member_id', pm.id, 'n', coalesce(x.member_n, c.n),
                                                        'last', coalesce(x.member_last, c.last))), '[]'::json)
             FROM unnest(p_members) AS pm(id)
             CROSS JOIN LATERAL (SELECT s.member_n, s.member_last FROM lotto_shot s
                                 WHERE s.round_id * 4294967296 + s.member_id = p_round * 4294967296 + pm.id
                                 ORDER BY s.seq DESC LIMIT 1) x
             LEFT JOIN LATERAL (SELECT count(*)::int AS n, max(s.server_ts) AS last FROM lotto_shot s
                                WHERE x.member_n IS NULL
                                  AND s.round_id * 4294967296 + s.member_id = p_round * 4294967296 + pm.id) c
               ON true),
    'blocks', protection_shot_blocks(p_members))
  INTO v
  FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
  WHERE r.id = p_round;
  RETURN v;
END $$;
