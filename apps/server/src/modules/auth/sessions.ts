import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db.ts';
import type { MemberPrincipal } from '../../platform/http.ts';
import { hashToken, newToken } from '../../platform/rng.ts';
import { liveMemberSession, liveMemberSessions } from './members-queries.ts';
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
 * A token checked in the last few seconds is answered from the cache (sessions-cache.ts).
 *
 * The tokens that must be read — a first request, or a cached entry due for its background check —
 * are read together: while one read runs, the tokens asked for meanwhile wait and go in the next,
 * one statement for all of them (and one more to count the uses). 2,000 members arriving in the same
 * second cost a handful of statements, not 2,000 on the pool the requests themselves need.
 */
export function memberAuthenticator(
  ex: Executor,
  clock: Clock,
  policy: SessionPolicy,
  cache: SessionCache,
): (token: string) => Promise<MemberPrincipal | null> {
  const waiting = new Map<string, { tokenHash: Buffer; waiters: Waiter[] }>();
  let running = false;

  async function drain() {
    running = true;
    try {
      while (waiting.size > 0) {
        const batch = [...waiting].slice(0, CHECK_BATCH_MAX);
        for (const [key] of batch) waiting.delete(key);
        try {
          const answers = await checkSessions(ex, clock, policy, cache, batch);
          for (const [key, w] of batch) for (const p of w.waiters) p.resolve(answers.get(key) ?? null);
        } catch (err) {
          for (const [, w] of batch) for (const p of w.waiters) p.reject(err);
        }
      }
    } finally {
      running = false;
    }
  }

  function check(key: string, tokenHash: Buffer): Promise<MemberPrincipal | null> {
    return new Promise((resolve, reject) => {
      let w = waiting.get(key);
      if (!w) {
        w = { tokenHash, waiters: [] };
        waiting.set(key, w);
      }
      w.waiters.push({ resolve, reject });
      if (!running) void drain();
    });
  }

  return (token) => {
    const tokenHash = hashToken(token);
    const key = tokenHash.toString('base64');
    const cached = cache.get(key);
    if (cached) {
      // Due for a check: done in the background while the cached answer serves (sessions-cache.ts).
      // A failed check leaves the entry to expire at the TTL, when the next request checks itself.
      if (cache.claimRefresh(key)) void check(key, tokenHash).catch(() => {});
      return Promise.resolve(cached);
    }
    return check(key, tokenHash);
  };
}

interface Waiter {
  resolve: (p: MemberPrincipal | null) => void;
  reject: (err: unknown) => void;
}

/** At most this many tokens a statement. */
const CHECK_BATCH_MAX = 1000;

/**
 * Reads the sessions behind some tokens, counts the uses, and caches the answers (or forgets the
 * tokens whose sessions are no longer live). Answers key → principal for the live ones.
 */
async function checkSessions(
  ex: Executor,
  clock: Clock,
  policy: SessionPolicy,
  cache: SessionCache,
  tokens: [string, { tokenHash: Buffer }][],
): Promise<Map<string, MemberPrincipal>> {
  const generation = cache.generation();
  const w = window(clock, policy);
  const now = w.now;
  const rows = await liveMemberSessions(ex, { ...w, tokenHashes: tokens.map(([, t]) => t.tokenHash) });
  // A use is recorded at most once a minute.
  const due = (r: { last_used_at: Date }) => now.getTime() - r.last_used_at.getTime() > TOUCH_EVERY_MS;
  const stale = rows.filter(due);
  if (stale.length > 0)
    await q.touchSessions(
      ex,
      stale.map((r) => r.id),
      now,
    );
  const answers = new Map<string, MemberPrincipal>();
  for (const row of rows) {
    const key = row.token_hash.toString('base64');
    const principal = { memberId: row.member_id, sessionId: row.id };
    const lastUsedAt = due(row) ? now : row.last_used_at;
    cache.put(key, generation, principal, { expiresAt: row.expires_at, lastUsedAt });
    answers.set(key, principal);
  }
  for (const [key] of tokens) if (!answers.has(key)) cache.drop(key);
  return answers;
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
