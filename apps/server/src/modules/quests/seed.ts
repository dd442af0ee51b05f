import { DEFAULT_QUESTS } from '@chok/engine/engagement/quests';
import type { ModuleSeed } from '../../platform/module.ts';
import { insertQuestOnce } from './quest-queries.ts';

const TITLES: Record<string, string> = {
  'daily-deposit': 'ฝากเงินครบ 300 บาท',
  'daily-bet': 'เดิมพันครบ 1,000 บาท',
  'daily-rounds': 'เล่นเกมครบ 50 รอบ',
  'weekly-checkin': 'เช็คอินครบ 5 วัน',
};

/**
 * Always (operator data): the four default quests of docs/rules/engagement.md §6, from the engine's
 * DEFAULT_QUESTS, each once by its code. The operator changes or retires them through the admin API.
 */
export const questsSeed: ModuleSeed = {
  name: 'quests',
  async run(tx) {
    for (const [i, q] of DEFAULT_QUESTS.entries()) {
      if (q.period.kind === 'campaign') continue;
      await insertQuestOnce(tx, {
        code: q.id,
        title: TITLES[q.id] ?? q.id,
        task: q.task,
        target: q.target,
        period: q.period.kind,
        starts_at: null,
        ends_at: null,
        event_id: null,
        reward_kind: q.reward.kind,
        reward_amount: q.reward.kind === 'points' ? q.reward.points : q.reward.amount,
        is_active: true,
        sort_order: i + 1,
      });
    }
  },
};
