import { autoCreditDue, SPIN_DEFAULTS } from '@chok/engine/engagement/wheel';
import { inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../members/service.ts';
import { claimView, payReward } from '../rewards/service.ts';
import { dueSpins, markRewarded, type SpinRow, spinById } from './spin-queries.ts';
import type { WheelDeps } from './spins.ts';
import { prizesOf } from './version-queries.ts';
import { prizeOf } from './versions.ts';
import { prizeView } from './views.ts';

/**
 * Credits a spin's prize in the caller's transaction, after the member lock (docs/rules/engagement.md
 * §0 G1): once only — the claim is `reward_claim (member, 'wheel', spin id)` (G2), a repeat returns it
 * and pays nothing; cash-like free credit of a flagged member waits for an operator (G5).
 */
async function creditSpin(tx: Tx, d: WheelDeps, spin: SpinRow, now: Date, unprompted: boolean) {
  const prize = prizeOf(await prizesOf(tx, [spin.version]), spin.version, spin.prize_index);
  const outcome = await payReward(tx, d, {
    memberId: spin.member_id,
    feature: 'wheel',
    periodKey: String(spin.id),
    kind: prize.kind,
    amount: prize.amount,
    reference: prize.kind === 'none' ? 'วงล้อเสี่ยงโชค: ไม่ได้รางวัล' : `รางวัลวงล้อ ${prize.label}`,
    pointKind: 'wheel',
    now,
    // The automatic credit during a time-out or self-exclusion is withheld (docs/rules/protection.md §3.2).
    unprompted,
  });
  if (spin.rewarded_at === null) await markRewarded(tx, spin.id, outcome.claim.id, now);
  return { prize, ...outcome };
}

/** `POST /api/wheel/reward {spin_id}`: the member claims their spin's prize (§9 rule 3). */
export async function claimPrize(d: WheelDeps, memberId: number, spinId: number) {
  return inTransaction(d.db, async (tx) => {
    await lockMember(tx, memberId);
    const spin = await spinById(tx, spinId);
    if (spin?.member_id !== memberId) throw new AppError('WHEEL_SPIN_NOT_FOUND');
    const r = await creditSpin(tx, d, spin, d.clock.now(), false);
    return {
      spin_id: spin.id,
      prize_index: spin.prize_index,
      prize: prizeView(r.prize),
      claim: claimView(r.claim),
      repeated: !r.created,
    };
  });
}

const BATCH = 200;

/**
 * The automatic credit of prizes left unclaimed for 24 h (§9 rule 3). Safe to run again and on
 * several processes at once: each spin is credited under its member's lock after reading it again,
 * and the once-only claim (G2) backs that. Returns how many spins this run credited.
 */
export async function creditUnclaimed(d: WheelDeps): Promise<number> {
  const now = d.clock.now();
  const cutoff = new Date(now.getTime() - SPIN_DEFAULTS.autoCreditAfterHours * 3_600_000);
  let credited = 0;
  for (;;) {
    const due = await dueSpins(d.db, cutoff, BATCH);
    for (const { id, member_id } of due) {
      credited += await inTransaction(d.db, async (tx) => {
        await lockMember(tx, member_id);
        const spin = await spinById(tx, id);
        // Claimed by the member or credited by another run since the list was read.
        if (!spin || spin.rewarded_at !== null || !autoCreditDue(spin.created_at, now)) return 0;
        await creditSpin(tx, d, spin, now, true);
        return 1;
      });
    }
    if (due.length < BATCH) return credited;
  }
}
