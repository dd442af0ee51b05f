import * as api from '@chok/contract/api/quests';
import type { ModuleContext } from '../../platform/module.ts';
import { createQuest, editQuest, listQuests } from './admin.ts';
import type { QuestDeps } from './progress.ts';
import { eventQuests, questList, redeemQuest } from './quests.ts';

export function questRoutes({ app, route }: ModuleContext, d: QuestDeps): void {
  route(app, api.questList, async (ctx) => questList(d, ctx.member.memberId));
  route(app, api.questRedeem, async (ctx) => redeemQuest(d, ctx.member.memberId, ctx.body.quest_id));
  route(app, api.eventQuest, async (ctx) => eventQuests(d, ctx.member.memberId, ctx.body.event_id));
  route(app, api.adminQuests, async () => listQuests(d));
  route(app, api.adminCreateQuest, async (ctx) => createQuest(d, ctx.staff.staffId, ctx.body));
  route(app, api.adminUpdateQuest, async (ctx) => editQuest(d, ctx.staff.staffId, ctx.params.id, ctx.body));
}
