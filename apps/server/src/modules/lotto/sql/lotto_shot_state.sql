-- Yeekee shots: the read a batch is judged against (docs/rules/lottery.md §9), as a static statement, so
-- each connection plans it once and keeps the plan (PL/pgSQL's plan cache) instead of planning it on
-- every call (EXECUTE); docs/benchmarks.md (twelfth round) has the measurement.
CREATE OR REPLACE FUNCTION lotto_shot_state(
  p_round bigint, p_ips text[], p_members integer[], p_earliest timestamptz, p_latest timestamptz
) RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  v json;
BEGIN
  SELECT json_build_object(
    'id', r.id, 'market_id', r.market_id, 'derive_rule', m.derive_rule, 'business_date', r.business_date,
    'round_no', r.round_no, 'status', r.status, 'open_at', r.open_at, 'shoot_close_at', r.shoot_close_at,
    'seal_offset_ms', r.seal_offset_ms, 'settings', r.settings, 'shot_count', r.shot_count,
    'chain_head', r.chain_head, 'token', lotto_shot_token(r),
    'by_ip', (SELECT coalesce(json_agg(json_build_object('ip', g.ip, 'core', g.core, 'ts', g.ts)), '[]'::json)
              FROM (SELECT s.ip, count(*) FILTER (WHERE c.core)::int AS core,
                           coalesce(json_agg(s.server_ts) FILTER (WHERE NOT c.core), '[]'::json) AS ts
                    FROM lotto_shot s
                    CROSS JOIN LATERAL (SELECT s.server_ts > p_latest - interval '60 seconds'
                                          AND s.server_ts <= p_earliest + interval '60 seconds' AS core) c
                    WHERE s.ip = ANY (p_ips) AND s.server_ts > p_earliest AND s.server_ts <= p_latest
                    GROUP BY s.ip) g),
    'mine', (SELECT coalesce(json_agg(json_build_object('member_id', x.member_id, 'n', x.n, 'last', x.last)), '[]'::json)
             FROM (SELECT s.member_id, count(*)::int AS n, max(s.server_ts) AS last FROM lotto_shot s
                   WHERE s.round_id = p_round AND s.member_id = ANY (p_members) GROUP BY s.member_id) x),
    'blocks', protection_shot_blocks(p_members))
  INTO v
  FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
  WHERE r.id = p_round;
  RETURN v;
END $$;
