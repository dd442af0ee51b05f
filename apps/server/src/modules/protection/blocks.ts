import {
  type BlockChoice,
  type BlockKind,
  type BlockState,
  blockActive,
  blockEnd,
  blockKindOf,
  mayStartBlock,
} from '@chok/engine/engagement/protection';
import { type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { thaiTime } from '../../platform/thai-time.ts';
import { lockMember } from '../members/service.ts';
import type { ProtectionDeps } from './deps.ts';
import { stateOf } from './state.ts';
import { blockRow, insertEvent, lockMemberRow, type MemberRow, setBlock } from './state-queries.ts';

function blockOf(m: Pick<MemberRow, 'block_kind' | 'block_until'> | undefined): BlockState | null {
  return m?.block_kind ? { kind: m.block_kind, until: m.block_until } : null;
}

/** How long a self-exclusion lasts, as the refusals word it: " จนถึง <time>" or "แบบถาวร". */
function exclusionLength(b: BlockState): string {
  return b.until ? ` จนถึง ${thaiTime(b.until)}` : 'แบบถาวร';
}

/** The refusal a member in a time-out or a self-exclusion gets (docs/rules/protection.md §3.2, §4.2). */
export function blockedError(b: BlockState): AppError {
  if (b.kind === 'timeout') return new AppError('PROTECTION_TIMEOUT', { until: thaiTime(b.until!) });
  return new AppError('PROTECTION_EXCLUDED', { until: exclusionLength(b) });
}

/** The login's refusal during a self-exclusion (§4.2); a time-out does not refuse the login (§3.2). */
export function loginRefusal(b: BlockState | null): AppError | null {
  return b?.kind === 'exclusion' ? new AppError('LOGIN_EXCLUDED', { until: exclusionLength(b) }) : null;
}

/** The block in force for a member at `now`, or null (one primary-key read). */
export async function blockInForce(ex: Executor, memberId: number, now: Date): Promise<BlockState | null> {
  const b = blockOf(await blockRow(ex, memberId));
  return blockActive(b, now) ? b : null;
}

/** Throws the member's refusal while a time-out or self-exclusion is in force. */
export async function assertNotBlocked(ex: Executor, memberId: number, now: Date): Promise<void> {
  const b = await blockInForce(ex, memberId, now);
  if (b) throw blockedError(b);
}

/**
 * A member starts a time-out or a self-exclusion (§3–4): it can only be lengthened, never shortened
 * or lifted; in the same transaction every session of the member ends (and with them the game
 * sessions launched from them), so every open tab and game is logged out at once.
 */
export async function startBlock(d: ProtectionDeps, memberId: number, kind: BlockKind, choice: BlockChoice) {
  if (blockKindOf(choice) !== kind) throw new AppError('VALIDATION_FAILED');
  const now = d.clock.now();
  return inTransaction(d.db, async (tx) => {
    // The member's row first: a login under way holds it while it opens its session (auth/login.ts),
    // so that session is either refused here-after or revoked below, never left live.
    await lockMember(tx, memberId);
    const m = await lockMemberRow(tx, memberId, now);
    const next = { kind, until: blockEnd(choice, now) };
    const current = blockOf(m);
    if (!mayStartBlock(current, next, now)) {
      if (current?.kind === 'exclusion' && kind === 'timeout')
        throw new AppError('PROTECTION_EXCLUDED_NO_TIMEOUT');
      throw new AppError('PROTECTION_BLOCK_SHORTER', {
        until: current?.until ? thaiTime(current.until) : 'ไม่มีกำหนด',
      });
    }
    await setBlock(tx, memberId, { kind, choice, startedAt: now, until: next.until });
    await insertEvent(tx, {
      memberId,
      at: now,
      action: kind,
      detail: { choice, until: next.until ? next.until.toISOString() : null },
    });
    await d.sessions.revokeAll(tx, memberId);
    await d.endGames(tx, memberId, now);
    return stateOf(d, tx, memberId, now);
  });
}
