import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export async function insertSession(
  ex: Executor,
  s: {
    memberId: number;
    tokenHash: Buffer;
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await ex
    .insertInto('member_session')
    .values({
      member_id: s.memberId,
      token_hash: s.tokenHash,
      created_at: s.now,
      last_used_at: s.now,
      expires_at: s.expiresAt,
      ip: s.ip,
      user_agent: s.userAgent,
    })
    .execute();
}

export async function touchSession(ex: Executor, sessionId: number, now: Date): Promise<void> {
  await ex.updateTable('member_session').set({ last_used_at: now }).where('id', '=', sessionId).execute();
}

/** Records a use of several sessions at once (the batched token check of sessions.ts). */
export async function touchSessions(ex: Executor, sessionIds: number[], now: Date): Promise<void> {
  await ex
    .updateTable('member_session')
    .set({ last_used_at: now })
    .where(sql<boolean>`id = ANY(${sessionIds}::bigint[])`)
    .execute();
}

/** Revokes a member's live sessions, all of them or all but one; returns how many it revoked. */
export async function revokeMemberSessions(
  ex: Executor,
  memberId: number,
  now: Date,
  exceptSessionId: number | null,
): Promise<number> {
  let q = ex
    .updateTable('member_session')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== null) q = q.where('id', '<>', exceptSessionId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function revokeSession(ex: Executor, sessionId: number, now: Date): Promise<void> {
  await ex.updateTable('member_session').set({ revoked_at: now }).where('id', '=', sessionId).execute();
}

/** When a session began (its login), for the reality check (docs/rules/protection.md §5). */
export async function sessionCreatedAt(ex: Executor, sessionId: number): Promise<Date | null> {
  const row = await ex
    .selectFrom('member_session')
    .select('created_at')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
