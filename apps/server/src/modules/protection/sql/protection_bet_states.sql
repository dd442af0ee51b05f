-- Protection's part of a group of lottery bills (lotto_place_bills; docs/rules/protection.md §2.3, §3.2,
-- §4.2): for each of these members with a time-out or self-exclusion in force at `p_at`, or a loss
-- limit that counts bets, the block and whether the loss counts. Members with neither are left out.
-- The bet guard (protection_count_loss) still runs on every transfer; this lets the group refuse a
-- blocked member's bill alone, and hand a counted member's bill to the one-bill path, before any
-- transfer is written.
CREATE OR REPLACE FUNCTION protection_bet_states(p_members integer[], p_at timestamptz)
RETURNS TABLE (member_id integer, block_kind text, block_until timestamptz, counts_loss boolean)
LANGUAGE sql STABLE AS $$
  SELECT s.member_id, s.block_kind, s.block_until, s.counts_loss FROM (
    SELECT m.id AS member_id,
           CASE WHEN p.block_kind IS NOT NULL AND (p.block_until IS NULL OR p.block_until > p_at)
                THEN p.block_kind END AS block_kind,
           p.block_until,
           EXISTS (SELECT 1 FROM protection_limit l WHERE l.member_id = m.id AND l.kind = 'loss') AS counts_loss
    FROM (SELECT DISTINCT x AS id FROM unnest(p_members) x) m
    LEFT JOIN protection_member p ON p.member_id = m.id) s
  WHERE s.block_kind IS NOT NULL OR s.counts_loss
$$;
