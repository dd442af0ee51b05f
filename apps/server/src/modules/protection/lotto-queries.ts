/**
 * Lotto's hot path reads the member blocks of protection in its own statement: a batch of yeekee
 * shots is judged against one read (decision 0012), and a time-out or self-exclusion refuses a shot
 * (docs/rules/protection.md §3.2, §4.2). The owner's query, named for its caller (docs/architecture.md).
 */

/**
 * A JSON array of the blocks on record for the members `$memberIds` (an int[] parameter of the
 * caller's statement): `{ member_id, kind, until }`, whether or not they are still in force; the
 * caller decides that by its clock (`blockActive`).
 */
export const shotBlocksSql = (memberIds: string) =>
  `(SELECT coalesce(json_agg(json_build_object('member_id', p.member_id, 'kind', p.block_kind, 'until', p.block_until)), '[]'::json)
    FROM protection_member p WHERE p.member_id = ANY(${memberIds}) AND p.block_kind IS NOT NULL)`;
