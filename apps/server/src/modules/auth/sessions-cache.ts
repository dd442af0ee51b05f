import { randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { MemberPrincipal } from '../../platform/http.ts';

/** In-process topic (a dot: no stream client can ask for it) on which revocations reach every process. */
export const REVOKED_TOPIC = 'auth.sessions';
/** A revocation whose own notification never came back (rolled back, listener down) stops blocking after this. */
const TOMBSTONE_MS = 60_000;
const ENTRIES_MAX = 100_000;

interface Entry {
  principal: MemberPrincipal;
  expiresAt: number;
  lastUsedAt: number;
  /** performance.now() and the injected clock at the time it was cached. */
  wallAt: number;
  clockAt: number;
  /** A background re-check of the session was started for this entry. */
  refreshing: boolean;
}

/** Sessions a revocation covers: one session, or all of a member's but `except`. */
interface Revocation {
  memberId: number;
  sessionId: number | null;
  exceptSessionId: number | null;
}
interface Tombstone extends Revocation {
  until: number;
}

/**
 * Member tokens checked in the last few seconds (SESSION_CACHE_SECONDS), so the authenticated hot
 * paths (a shot, a bill) skip the session query. An entry is trusted only while it is younger than
 * the TTL by both the wall clock and the app's clock, and while the session's own idle and absolute
 * windows hold; so a token past its expiry is refused as before.
 *
 * Revocations (logout, password change or reset) are published on the event bus in the revoking
 * transaction and every process forgets the sessions when the commit's notification arrives. The
 * revoking process also forgets them at once and, until its own notification comes back, caches
 * nothing of that member (a request racing the commit could read the session as still live). A
 * member suspended directly in the database, or a revocation whose notification a process missed
 * (its LISTEN connection down), is noticed within the TTL.
 *
 * Past a point between 70 % and 95 % of the TTL (spread by the key, so tokens cached in the
 * same second do not all fall due together), `claimRefresh` asks the caller — once — to check the
 * session again in the background while the entry still answers: an active member's requests never
 * wait for the session query after the first, and the checks of thousands of members spread over
 * the TTL instead of arriving as one burst.
 */
export interface SessionCache {
  get(key: string): MemberPrincipal | null;
  /** Generation to pass to `put`: a revocation seen in between makes the put a no-op. */
  generation(): number;
  put(
    key: string,
    generation: number,
    principal: MemberPrincipal,
    s: { expiresAt: Date; lastUsedAt: Date },
  ): void;
  /** True once per entry when it is due to be checked again in the background (see above). */
  claimRefresh(key: string): boolean;
  /** Forgets one token (a background check found its session no longer live). */
  drop(key: string): void;
  /** Publishes a revocation in `ex`'s transaction and forgets its sessions here at once. */
  revoked(ex: Executor, r: Revocation): Promise<void>;
  size(): number;
}

export function createSessionCache(o: {
  clock: Clock;
  events: EventBus;
  ttlSeconds: number;
  idleMinutes: number;
}): SessionCache {
  const ttlMs = o.ttlSeconds * 1000;
  const idleMs = o.idleMinutes * 60_000;
  const entries = new Map<string, Entry>();
  const byMember = new Map<number, Set<string>>();
  const tombstones = new Map<string, Tombstone>();
  let gen = 0;

  const covers = (r: Revocation, p: MemberPrincipal) =>
    r.memberId === p.memberId &&
    (r.sessionId !== null ? r.sessionId === p.sessionId : r.exceptSessionId !== p.sessionId);

  const blocked = (p: MemberPrincipal) => {
    if (tombstones.size === 0) return false;
    const wall = performance.now();
    for (const [nonce, t] of tombstones) {
      if (t.until <= wall) tombstones.delete(nonce);
      else if (covers(t, p)) return true;
    }
    return false;
  };

  /** How far into the TTL a key falls due for a background check: 0.7–0.95 of it, by the key. */
  const refreshAfter = (key: string) =>
    ttlMs * (0.7 + (0.25 * (((key.charCodeAt(0) << 7) ^ key.charCodeAt(1)) % 1000)) / 1000);

  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    const keys = byMember.get(e.principal.memberId);
    keys?.delete(key);
    if (keys?.size === 0) byMember.delete(e.principal.memberId);
  };

  const forget = (r: Revocation) => {
    gen += 1;
    for (const key of byMember.get(r.memberId) ?? []) {
      const e = entries.get(key);
      if (e && covers(r, e.principal)) remove(key);
    }
  };

  o.events.listen(REVOKED_TOPIC, (_event, data) => {
    const m = data as {
      member_id?: unknown;
      session_id?: unknown;
      except_session_id?: unknown;
      nonce?: unknown;
    };
    if (typeof m.member_id !== 'number') return;
    forget({
      memberId: m.member_id,
      sessionId: typeof m.session_id === 'number' ? m.session_id : null,
      exceptSessionId: typeof m.except_session_id === 'number' ? m.except_session_id : null,
    });
    if (typeof m.nonce === 'string') tombstones.delete(m.nonce);
  });

  return {
    get(key) {
      if (ttlMs === 0) return null;
      const e = entries.get(key);
      if (!e) return null;
      const now = o.clock.now().getTime();
      const fresh =
        performance.now() - e.wallAt < ttlMs &&
        now >= e.clockAt &&
        now - e.clockAt < ttlMs &&
        e.expiresAt > now &&
        e.lastUsedAt > now - idleMs;
      if (!fresh || blocked(e.principal)) {
        remove(key);
        return null;
      }
      return e.principal;
    },
    claimRefresh(key) {
      const e = entries.get(key);
      if (!e || e.refreshing) return false;
      const age = Math.max(performance.now() - e.wallAt, o.clock.now().getTime() - e.clockAt);
      if (age < refreshAfter(key)) return false;
      e.refreshing = true;
      return true;
    },
    drop: (key) => remove(key),
    generation: () => gen,
    put(key, generation, principal, s) {
      if (ttlMs === 0 || generation !== gen || blocked(principal)) return;
      remove(key);
      // Oldest first: drop what has aged out, and the oldest beyond the cap.
      const wall = performance.now();
      for (const [k, e] of entries) {
        if (wall - e.wallAt < ttlMs && entries.size < ENTRIES_MAX) break;
        remove(k);
      }
      entries.set(key, {
        principal,
        expiresAt: s.expiresAt.getTime(),
        lastUsedAt: s.lastUsedAt.getTime(),
        wallAt: wall,
        clockAt: o.clock.now().getTime(),
        refreshing: false,
      });
      let keys = byMember.get(principal.memberId);
      if (!keys) {
        keys = new Set();
        byMember.set(principal.memberId, keys);
      }
      keys.add(key);
    },
    async revoked(ex, r) {
      const nonce = randomUUID();
      tombstones.set(nonce, { ...r, until: performance.now() + TOMBSTONE_MS });
      forget(r);
      await o.events.publish(ex, REVOKED_TOPIC, 'revoked', {
        member_id: r.memberId,
        session_id: r.sessionId,
        except_session_id: r.exceptSessionId,
        nonce,
      });
    },
    size: () => entries.size,
  };
}
