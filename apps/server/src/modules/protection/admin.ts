import { AppError } from '../../platform/errors.ts';
import { memberRefs } from '../members/service.ts';
import { type ProtectionFilter, protectedMembers } from './admin-queries.ts';
import type { ProtectionDeps } from './deps.ts';
import { changesOf } from './history.ts';
import { stateOf } from './state.ts';
import { blockView } from './views.ts';

/**
 * The operator's view of player protection (docs/rules/protection.md §7): read only; what a member
 * chose is theirs to change, and nothing here lifts a self-exclusion.
 */
export async function adminList(
  d: ProtectionDeps,
  q: { page: number; page_size: number; state: ProtectionFilter },
) {
  const now = d.clock.now();
  const { rows, total } = await protectedMembers(d.db, {
    filter: q.state,
    now,
    offset: (q.page - 1) * q.page_size,
    limit: q.page_size,
  });
  const refs = await memberRefs(
    d.db,
    rows.map((r) => r.member_id),
  );
  return {
    items: rows.map((r) => ({
      member_id: r.member_id,
      phone: refs.get(r.member_id)?.phone ?? '',
      name: refs.get(r.member_id)?.account_name ?? '',
      block: blockView(r, now),
      limits_in_force: r.limits_in_force,
      reality_check_minutes: r.reality_check_minutes,
      updated_at: r.updated_at.toISOString(),
    })),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

export async function adminMember(d: ProtectionDeps, memberId: number) {
  const now = d.clock.now();
  const exists = (await memberRefs(d.db, [memberId])).has(memberId);
  if (!exists) throw new AppError('RECORD_NOT_FOUND');
  const state = await stateOf(d, d.db, memberId, now);
  return {
    member_id: memberId,
    limits: state.limits,
    reality_check_minutes: state.reality_check_minutes,
    block: state.block,
    changes: await changesOf(d, memberId, now),
    server_time: state.server_time,
  };
}
