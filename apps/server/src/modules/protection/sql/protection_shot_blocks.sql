-- Protection's part of the yeekee shots' read (lotto_shot_state; docs/rules/protection.md §3.2, §4.2):
-- the blocks on record for some members, `{member_id, kind, until}`, in force or not (the caller judges
-- that by its clock).
CREATE OR REPLACE FUNCTION protection_shot_blocks(p_members integer[]) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object('member_id', p.member_id, 'kind', p.block_kind, 'until', p.block_until)),
                  '[]'::json)
  FROM protection_member p WHERE p.member_id = ANY (p_members) AND p.block_kind IS NOT NULL
$$;
