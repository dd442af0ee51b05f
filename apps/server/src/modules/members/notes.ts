import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { insertNote, lockLoginState } from './status-queries.ts';

/**
 * An operator's note on a member (the console's member page), audited in the same transaction with
 * the note's text in the audit record. MEMBER_NOT_FOUND when there is no such member.
 */
export async function addMemberNote(
  d: { db: Db; clock: Clock },
  n: { staffId: number; memberId: number; body: string },
) {
  return inTransaction(d.db, async (tx) => {
    const m = await lockLoginState(tx, n.memberId);
    if (!m) throw new AppError('MEMBER_NOT_FOUND');
    const note = await insertNote(tx, {
      memberId: n.memberId,
      staffId: n.staffId,
      body: n.body,
      now: d.clock.now(),
    });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: n.staffId,
      action: 'member.note_add',
      entity: 'member',
      entityId: n.memberId,
      after: { note_id: note.id, body: n.body },
    });
    return note;
  });
}
