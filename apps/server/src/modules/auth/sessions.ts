import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db.ts';
import type { MemberPrincipal } from '../../platform/http.ts';
import { hashToken, newToken } from '../../platform/rng.ts';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

const TOUCH_EVERY_MS = 60_000;

export async function createMemberSession(
  ex: Executor,
  clock: Clock,
  policy: SessionPolicy,
  s: { memberId: number; ip: string | null; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + policy.absoluteHours * 3_600_000);
  await ex
    .insertInto('member_session')
    .values({
      member_id: s.memberId,
      token_hash: hashToken(token),
      created_at: now,
      last_used_at: now,
      expires_at: expiresAt,
      ip: s.ip,
      user_agent: s.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/** A token is valid while not revoked, before its absolute expiry, and used within the idle window. */
export async function authenticateMember(
  ex: Executor,
  clock: Clock,
  policy: SessionPolicy,
  token: string,
): Promise<MemberPrincipal | null> {
  const row = await liveSessions(ex, clock, policy)
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  await touch(ex, clock, row);
  return { memberId: row.member_id, sessionId: row.id };
}

/**
 * Whether a member session is still live (by the same rules as its token), counting the call as a
 * use of it. In-house game pages ask this on every call: a game ends with the member session.
 */
export async function memberSessionLive(
  ex: Executor,
  clock: Clock,
  policy: SessionPolicy,
  sessionId: number,
): Promise<boolean> {
  const row = await liveSessions(ex, clock, policy).where('s.id', '=', sessionId).executeTakeFirst();
  if (!row) return false;
  await touch(ex, clock, row);
  return true;
}

function liveSessions(ex: Executor, clock: Clock, policy: SessionPolicy) {
  const now = clock.now();
  return ex
    .selectFrom('member_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .select(['s.id', 's.member_id', 's.last_used_at'])
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_used_at', '>', new Date(now.getTime() - policy.idleMinutes * 60_000))
    .where('m.status', '=', 'active');
}

async function touch(ex: Executor, clock: Clock, row: { id: number; last_used_at: Date }): Promise<void> {
  const now = clock.now();
  if (now.getTime() - row.last_used_at.getTime() > TOUCH_EVERY_MS) {
    await ex.updateTable('member_session').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
}

/**
 * Revoking a member session also closes the game sessions launched from it and spends its unused
 * launch tokens, and a password change ends every game of the member: both by triggers (migration
 * 040), so every path that revokes or changes a password does it.
 */
export async function revokeMemberSessions(
  ex: Executor,
  clock: Clock,
  memberId: number,
  except: { sessionId: number } | null,
): Promise<void> {
  let q = ex
    .updateTable('member_session')
    .set({ revoked_at: clock.now() })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (except) q = q.where('id', '<>', except.sessionId);
  await q.execute();
}

export async function revokeSession(ex: Executor, clock: Clock, sessionId: number): Promise<void> {
  await ex
    .updateTable('member_session')
    .set({ revoked_at: clock.now() })
    .where('id', '=', sessionId)
    .execute();
}
