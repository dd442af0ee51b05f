import { bangkokDayStart } from '@chok/engine/bangkok-calendar';
import { formatBaht } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../members/service.ts';
import { dropMemberCap, lockMemberCap, putMemberCap } from './member-cap-queries.ts';
import { loadSettings } from './settings.ts';
import { memberDailyCap, usedSince } from './withdrawal-queries.ts';

/**
 * The member's daily withdrawal cap as the console shows it (docs/rules/payments.md §5): the
 * member's own cap when an operator set one, the site's default, and what today's requests used.
 */
export async function withdrawCapState(ex: Executor, memberId: number, now: Date) {
  const [own, s, used] = await Promise.all([
    memberDailyCap(ex, memberId),
    loadSettings(ex),
    usedSince(ex, memberId, bangkokDayStart(now)),
  ]);
  return {
    member_daily_cap: own ? formatBaht(own.daily_cap_satang) : null,
    default_daily_cap: formatBaht(s.withdraw_daily_cap_satang),
    used_today: formatBaht(used),
  };
}

/**
 * An operator sets the member's own daily cap (null: back to the site's default), audited with the
 * value before and after. The withdrawal request reads it under the member's lock, which this takes
 * too, so a request in flight sees the cap before or after the change, never half of it.
 */
export async function setWithdrawCap(
  d: { db: Db; clock: { now(): Date } },
  c: { staffId: number; memberId: number; capSatang: number | null; reason: string },
) {
  return inTransaction(d.db, async (tx) => {
    if (!(await lockMember(tx, c.memberId))) throw new AppError('MEMBER_NOT_FOUND');
    const before = await lockMemberCap(tx, c.memberId);
    const now = d.clock.now();
    if (c.capSatang === null) await dropMemberCap(tx, c.memberId);
    else await putMemberCap(tx, c.memberId, c.capSatang, now);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: c.staffId,
      action: 'member.withdraw_cap',
      entity: 'member',
      entityId: c.memberId,
      before: { daily_cap_satang: before?.daily_cap_satang ?? null },
      after: { daily_cap_satang: c.capSatang, reason: c.reason },
    });
    const s = await loadSettings(tx);
    return {
      member_daily_cap: c.capSatang === null ? null : formatBaht(c.capSatang),
      default_daily_cap: formatBaht(s.withdraw_daily_cap_satang),
    };
  });
}
