import { appendAudit } from '../../platform/audit.ts';
import type { Executor } from '../../platform/db.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { WalletDeps } from './deps.ts';
import * as q from './reconciliation-queries.ts';
import { freezeView } from './views.ts';

type FreezeDeps = Pick<WalletDeps, 'db' | 'memberRefs'>;

/** The member's open reconciliation freeze, if any (docs/rules/casino.md §2.6). */
export function withdrawalFreeze(ex: Executor, memberId: number) {
  return q.openFreeze(ex, memberId);
}

/** Open withdrawal freezes (the console's header counts them: the operator's alert). */
export function openFreezeCount(ex: Executor): Promise<number> {
  return q.openFreezes(ex);
}

async function views(d: FreezeDeps, ex: Executor, rows: q.FreezeRow[]) {
  const members = await d.memberRefs(ex, [...new Set(rows.map((r) => r.member_id))]);
  return rows.flatMap((r) => {
    const m = members.get(r.member_id);
    return m ? [freezeView(r, m.phone)] : [];
  });
}

/** Reconciliation freezes for the operator: open ones, or cleared ones as history. */
export async function listFreezes(
  d: FreezeDeps,
  f: { status: 'open' | 'cleared'; member_id?: number; limit: number },
) {
  const rows = await q.freezes(d.db, {
    open: f.status === 'open',
    memberId: f.member_id ?? null,
    limit: f.limit,
  });
  return views(d, d.db, rows);
}

/** An operator lifts a member's freeze (audited); one not open answers WITHDRAW_FREEZE_NOT_OPEN. */
export function clearFreeze(d: FreezeDeps, c: { id: number; staffId: number; note: string; now: Date }) {
  return inTransaction(d.db, async (tx) => {
    const row = await q.clearFreeze(tx, c);
    if (!row) throw new AppError('WITHDRAW_FREEZE_NOT_OPEN');
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: c.staffId,
      action: 'wallet.withdrawal_freeze_cleared',
      entity: 'member',
      entityId: row.member_id,
      before: { freeze_id: row.id, cleared_at: null },
      after: { freeze_id: row.id, cleared_at: c.now, note: c.note },
    });
    const [view] = await views(d, tx, await q.freezes(tx, { open: false, id: row.id, limit: 1 }));
    return view!;
  });
}
