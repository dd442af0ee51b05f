import type { questInput } from '@chok/contract/api/quests';
import { parseBaht } from '@chok/engine/money';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { QuestDeps } from './progress.ts';
import {
  claimCount,
  insertQuest,
  lockQuest,
  type QuestFields,
  type QuestRow,
  questsWithClaims,
  updateQuest,
} from './quest-queries.ts';
import { adminQuestView } from './views.ts';

type QuestInput = z.output<typeof questInput>;

/** The operator's input as stored: money as satang, counts and points as numbers. */
function fieldsOf(input: QuestInput): QuestFields {
  const money = input.task === 'deposit' || input.task === 'bet';
  return {
    title: input.title,
    task: input.task,
    target: money ? parseBaht(input.target) : Number(input.target),
    period: input.period,
    starts_at: input.starts_at === null ? null : new Date(input.starts_at),
    ends_at: input.ends_at === null ? null : new Date(input.ends_at),
    event_id: input.event_id,
    reward_kind: input.reward_kind,
    reward_amount:
      input.reward_kind === 'free_credit' ? parseBaht(input.reward_amount) : Number(input.reward_amount),
    is_active: input.is_active,
    sort_order: input.sort_order,
  };
}

/** What the audit log keeps of a quest. */
const audited = (q: QuestRow, claims: number) => adminQuestView({ ...q, claims });

export async function listQuests(d: QuestDeps) {
  return (await questsWithClaims(d.db)).map(adminQuestView);
}

export async function createQuest(d: QuestDeps, staffId: number, input: QuestInput) {
  return inTransaction(d.db, async (tx) => {
    const row = await insertQuest(tx, { ...fieldsOf(input), updated_by: staffId });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'quest.create',
      entity: 'quest',
      entityId: row.id,
      after: audited(row, 0),
    });
    return adminQuestView({ ...row, claims: 0 });
  });
}

/**
 * An operator's edit (audited, with the quest before). Claims already paid keep what they paid (the
 * reward_claim rows are never touched). A quest with claims keeps its task, period and campaign start:
 * they make the period key (`<id>:<period start>`), and changing them could open a claimed period again.
 */
export async function editQuest(d: QuestDeps, staffId: number, id: number, input: QuestInput) {
  return inTransaction(d.db, async (tx) => {
    const before = await lockQuest(tx, id);
    if (!before) throw new AppError('RECORD_NOT_FOUND');
    const fields = fieldsOf(input);
    const claims = await claimCount(tx, id);
    const rekeyed =
      fields.task !== before.task ||
      fields.period !== before.period ||
      (fields.starts_at?.getTime() ?? null) !== (before.starts_at?.getTime() ?? null);
    if (claims > 0 && rekeyed) throw new AppError('QUEST_HAS_CLAIMS');
    const row = await updateQuest(tx, id, { ...fields, updated_by: staffId, updated_at: d.clock.now() });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'quest.update',
      entity: 'quest',
      entityId: id,
      before: audited(before, claims),
      after: audited(row, claims),
    });
    return adminQuestView({ ...row, claims });
  });
}
