/**
 * The audit log for the owner (docs/decisions/0060-console-staff-audit-games.md): filtered pages of who
 * did what, and the check of the hash chain end to end (platform/audit.ts). Reading and verifying change
 * nothing, so neither writes an audit row.
 */

import { endOfBangkokDay, startOfBangkokDay } from '@chok/engine/bangkok-calendar';
import { auditPage, checkAuditChain } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db.ts';
import { memberRefs } from '../members/service.ts';
import { staffRefs } from './staff-queries.ts';

export async function listAudit(
  ex: Executor,
  f: {
    page: number;
    page_size: number;
    actor_type?: 'staff' | 'member' | 'system' | undefined;
    actor_id?: number | undefined;
    action?: string | undefined;
    entity?: string | undefined;
    entity_id?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const { rows, total } = await auditPage(
    ex,
    {
      actorType: f.actor_type,
      actorId: f.actor_id,
      action: f.action,
      entity: f.entity,
      entityId: f.entity_id,
      // Bangkok days (the operator's business days), both included.
      from: f.from ? startOfBangkokDay(f.from) : undefined,
      to: f.to ? endOfBangkokDay(f.to) : undefined,
    },
    { limit: f.page_size, offset: (f.page - 1) * f.page_size },
  );
  const ids = (type: string) =>
    rows.filter((r) => r.actor_type === type && r.actor_id !== null).map((r) => r.actor_id!);
  const [staff, members] = await Promise.all([staffRefs(ex, ids('staff')), memberRefs(ex, ids('member'))]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      created_at: r.created_at.toISOString(),
      actor_type: r.actor_type,
      actor_id: r.actor_id,
      actor_name:
        r.actor_id === null
          ? null
          : r.actor_type === 'staff'
            ? (staff.get(r.actor_id)?.username ?? null)
            : r.actor_type === 'member'
              ? (members.get(r.actor_id)?.phone ?? null)
              : null,
      action: r.action,
      entity: r.entity,
      entity_id: r.entity_id,
      before: r.before,
      after: r.after,
    })),
    total,
    page: f.page,
    page_size: f.page_size,
  };
}

export async function verifyAudit(ex: Executor, clock: Clock) {
  const c = await checkAuditChain(ex);
  return {
    ok: c.firstBroken === null,
    rows_checked: c.rowsChecked,
    last_id: c.lastId,
    first_broken: c.firstBroken
      ? { ...c.firstBroken, created_at: c.firstBroken.created_at.toISOString() }
      : null,
    checked_at: clock.now().toISOString(),
  };
}
