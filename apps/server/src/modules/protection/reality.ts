import { formatBaht } from '@chok/engine/money';
import { inTransaction } from '../../platform/db.ts';
import type { MemberPrincipal } from '../../platform/http.ts';
import type { ProtectionDeps } from './deps.ts';
import { applyDue } from './limits.ts';
import { stateOf } from './state.ts';
import { insertEvent, lockMemberRow, memberRow, setRealityCheck } from './state-queries.ts';
import { playTotalsSince } from './wallet-queries.ts';

/** Turns the reality check on (every 30 or 60 minutes) or off (docs/rules/protection.md §5). */
export async function setRealityCheckMinutes(d: ProtectionDeps, memberId: number, minutes: number | null) {
  const now = d.clock.now();
  return inTransaction(d.db, async (tx) => {
    const m = await lockMemberRow(tx, memberId, now);
    if (m.reality_check_minutes !== minutes) {
      await setRealityCheck(tx, memberId, minutes, now);
      await insertEvent(tx, { memberId, at: now, action: 'reality_check', detail: { minutes } });
    }
    return stateOf(d, tx, memberId, now);
  });
}

/**
 * What the reality check shows (§5.2): the time since this session's login and the member's stakes,
 * returns and net result since then.
 */
export async function realityCheck(d: ProtectionDeps, p: MemberPrincipal) {
  const now = d.clock.now();
  const [m, started] = await Promise.all([
    memberRow(d.db, p.memberId),
    d.sessions.startedAt(d.db, p.sessionId),
  ]);
  const since = started ?? now;
  const [totals] = await playTotalsSince(d.db, p.memberId, [since]);
  const stakes = totals?.stakes ?? 0;
  const returns = totals?.returns ?? 0;
  return {
    minutes: m?.reality_check_minutes ?? null,
    session_started_at: since.toISOString(),
    played_minutes: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000)),
    stakes: formatBaht(stakes),
    returns: formatBaht(returns),
    net: formatBaht(returns - stakes),
    server_time: now.toISOString(),
  };
}

export async function currentState(d: ProtectionDeps, memberId: number) {
  const now = d.clock.now();
  return inTransaction(d.db, async (tx) => {
    await applyDue(tx, now, memberId);
    return stateOf(d, tx, memberId, now);
  });
}
