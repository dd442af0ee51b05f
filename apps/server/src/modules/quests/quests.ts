import { questPeriod, questProgress } from '@chok/engine/engagement/quests';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../members/service.ts';
import { accrue } from '../points/service.ts';
import { claimOf, payReward } from '../rewards/service.ts';
import { engineQuest, FEATURE, measure, progressOf, type QuestDeps } from './progress.ts';
import { activeQuests, insertQuestClaim, type QuestRow, shareActiveQuest } from './quest-queries.ts';
import { questView } from './views.ts';

const playsIn = (quests: QuestRow[]) => quests.some((q) => q.task === 'bet' || q.task === 'rounds');

/** `GET /api/quest/list`: the running quests with the member's live progress (§6). */
export async function questList(d: QuestDeps, memberId: number) {
  const quests = await activeQuests(d.db);
  if (playsIn(quests)) await accrue(d, { memberId });
  const now = d.clock.now();
  return { server_time: now.toISOString(), quests: await progressOf(d.db, memberId, quests, now) };
}

/** `POST /api/event/quest`: the running quests of one event campaign; EVENT_NOT_FOUND when it has none. */
export async function eventQuests(d: QuestDeps, memberId: number, eventId: number) {
  const quests = await activeQuests(d.db, eventId);
  if (playsIn(quests)) await accrue(d, { memberId });
  const now = d.clock.now();
  const views = await progressOf(d.db, memberId, quests, now);
  if (views.length === 0) throw new AppError('EVENT_NOT_FOUND');
  return { event_id: eventId, server_time: now.toISOString(), quests: views };
}

/**
 * `POST /api/quest/redeem` (docs/rules/engagement.md §6), in one transaction:
 * 1. G1: the member lock; the quest, active, share-locked against an operator's edit in flight;
 * 2. its running period at the server clock (G3) — none (a campaign not running) → QUEST_NOT_FOUND;
 * 3. G2: a claim of this period already → that claim, nothing paid;
 * 4. the progress recomputed here from settled figures (G6), not from the list's answer → QUEST_NOT_COMPLETE;
 * 5. payReward (period key `<quest id>:<period start>`; cash held for a flagged member, G5), and
 *    which quest and period the claim paid.
 */
export async function redeemQuest(d: QuestDeps, memberId: number, questId: number) {
  // The settled play the accrual has not read yet (its own transactions, before ours).
  await accrue(d, { memberId });
  return inTransaction(d.db, async (tx) => {
    await lockMember(tx, memberId);
    const row = await shareActiveQuest(tx, questId);
    if (!row) throw new AppError('QUEST_NOT_FOUND');
    const now = d.clock.now();
    const quest = engineQuest(row);
    const period = questPeriod(quest, now);
    if (!period) throw new AppError('QUEST_NOT_FOUND');
    const value = await measure(tx, memberId, row.task, period);
    const earlier = await claimOf(tx, memberId, FEATURE, period.key);
    if (earlier)
      return { repeated: true, quest: questView(row, questProgress(quest, value, now, true), earlier) };
    const progress = questProgress(quest, value, now, false);
    if (!progress.complete) throw new AppError('QUEST_NOT_COMPLETE');
    const paid = await payReward(tx, d, {
      memberId,
      feature: FEATURE,
      periodKey: period.key,
      kind: row.reward_kind,
      amount: row.reward_amount,
      reference: `รางวัลภารกิจ: ${row.title}`,
      pointKind: 'quest',
      now,
    });
    if (paid.created) {
      await insertQuestClaim(tx, {
        quest_id: row.id,
        member_id: memberId,
        period_key: period.key,
        claim_id: paid.claim.id,
      });
    }
    return {
      repeated: !paid.created,
      quest: questView(row, questProgress(quest, value, now, true), paid.claim),
    };
  });
}
