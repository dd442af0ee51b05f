import * as quests from '@chok/contract/routes/quests';
import { useQuery } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';
import { syncServerClock } from '../../lib/server-clock';

export type QuestList = Data<typeof quests.questList>;
export type Quest = QuestList['quests'][number];
export type Redeemed = Data<typeof quests.questRedeem>;

export const questKeys = { list: ['quests'] as const };

export function useQuests() {
  return useQuery({
    // Live: a deposit, a stamp or a settled round elsewhere changes it.
    staleTime: 0,
    queryKey: questKeys.list,
    queryFn: async () => {
      const data = await call(quests.questList, {});
      syncServerClock(data.server_time);
      return data.quests;
    },
  });
}

export function redeemQuest(questId: number): Promise<Redeemed> {
  return call(quests.questRedeem, { quest_id: questId });
}
