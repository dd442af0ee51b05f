import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db.ts';
import type { MemberPrincipal } from '../../platform/http.ts';
import { hashToken, newToken } from '../../platform/rng.ts';
import { liveMemberSession } from '../members/service.ts';
import * as q from './session-queries.ts';
import type { SessionCache } from './sessions-cache.ts';

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
  await q.insertSession(ex, {
    memberId: s.memberId,
    tokenHash: hashToken(token),
    now,
    expiresAt,
    ip: s.ip,
    userAgent: s.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/**
 * A token is valid while not revoked, before its absolute expiry, and used within the idle window.
 * A token checked in the last few seconds is answered from `cache` (sessions-cache.ts).
 */
export async function authenticateMember(
  ex: Executor,
  clock: Clock,
  policy: SessionPolicy,
  cache: SessionCache,
  token: string,
): Promise<MemberPrincipal | null> {
  const tokenHash = hashToken(token);
  const key = tokenHash.toString('base64');
  const cached = cache.get(key);
  if (cached) {
    // Due for a check: done in the background while the cached answer serves (sessions-cache.ts).
    // A failed check leaves the entry to expire at the TTL, when the next request checks itself.
    if (cache.claimRefresh(key)) void checkSession(ex, clock, policy, cache, key, tokenHash).catch(() => {});
    return cached;
  }
  return checkSession(ex, clock, policy, cache, key, tokenHash);
}

/** Reads the session behind a token, counts the use, and caches the answer (or forgets the token). */
async function checkSession(
  ex: Executor,
  clock: Clock,
  policy: SessionPolicy,
  cache: SessionCache,
  key: string,
  tokenHash: Buffer,
): Promise<MemberPrincipal | null> {
  const generation = cache.generation();
  const row = await liveMemberSession(ex, { ...window(clock, policy), tokenHash });
  if (!row) {
    cache.drop(key);
    return null;
  }
  const lastUsedAt = await touch(ex, clock, row);
  const principal = { memberId: row.member_id, sessionId: row.id };
  cache.put(key, generation, principal, { expiresAt: row.expires_at, lastUsedAt });
  return principal;
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
  const row = await liveMemberSession(ex, { ...window(clock, policy), sessionId });
  if (!row) return false;
  await touch(ex, clock, row);
  return true;
}

function window(clock: Clock, policy: SessionPolicy) {
  const now = clock.now();
  return { now, idleSince: new Date(now.getTime() - policy.idleMinutes * 60_000) };
}

/** Records a use at most once a minute; returns the session's last use as the database now has it. */
async function touch(ex: Executor, clock: Clock, row: { id: number; last_used_at: Date }): Promise<Date> {
  const now = clock.now();
  if (now.getTime() - row.last_used_at.getTime() <= TOUCH_EVERY_MS) return row.last_used_at;
  await q.touchSession(ex, row.id, now);
  return now;
}

/**
 * Revoking a member session also closes the game sessions launched from it and spends its unused
 * launch tokens, and a password change ends every game of the member: both by triggers (migration
 * 040), so every path that revokes or changes a password does it. The revocation reaches every
 * process's session cache when `ex`'s transaction commits (sessions-cache.ts).
 */
export async function revokeMemberSessions(
  ex: Executor,
  clock: Clock,
  cache: SessionCache,
  memberId: number,
  except: { sessionId: number } | null,
): Promise<number> {
  const n = await q.revokeMemberSessions(ex, memberId, clock.now(), except?.sessionId ?? null);
  await cache.revoked(ex, { memberId, sessionId: null, exceptSessionId: except?.sessionId ?? null });
  return n;
}

export async function revokeSession(
  ex: Executor,
  clock: Clock,
  cache: SessionCache,
  s: MemberPrincipal,
): Promise<void> {
  await q.revokeSession(ex, s.sessionId, clock.now());
  await cache.revoked(ex, { memberId: s.memberId, sessionId: s.sessionId, exceptSessionId: null });
}
