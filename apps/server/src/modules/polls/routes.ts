import * as api from '@chok/contract/api/polls';
import type { ModuleContext } from '../../platform/module.ts';
import { closePoll, createPoll, listPolls, openPoll } from './admin.ts';
import { setPollResult } from './result.ts';
import { stats, winners } from './stats.ts';
import { checkQuota, config, type PollsDeps, quota, submit } from './votes.ts';

export function pollsRoutes({ app, route }: ModuleContext, d: PollsDeps): void {
  route(app, api.pollConfig, async (ctx) => config(d, ctx.query.poll_id));
  route(app, api.pollStats, async (ctx) => stats(d, ctx.query.poll_id));
  route(app, api.pollWinners, async (ctx) => winners(d, ctx.query));
  route(app, api.pollQuotaGet, async (ctx) => quota(d, ctx.member.memberId, ctx.query.poll_id));
  route(app, api.pollQuotaCheck, async (ctx) => checkQuota(d, ctx.member.memberId, ctx.query.poll_id));
  route(app, api.pollSubmit, async (ctx) =>
    submit(d, ctx.member.memberId, ctx.body.poll_id, ctx.body.choice_id),
  );
  route(app, api.adminPolls, async () => listPolls(d));
  route(app, api.adminCreatePoll, async (ctx) => createPoll(d, ctx.staff.staffId, ctx.body));
  route(app, api.adminOpenPoll, async (ctx) => openPoll(d, ctx.staff.staffId, ctx.params.id));
  route(app, api.adminClosePoll, async (ctx) => closePoll(d, ctx.staff.staffId, ctx.params.id));
  route(app, api.adminSetPollResult, async (ctx) =>
    setPollResult(d, ctx.staff.staffId, ctx.params.id, ctx.body.choice_id),
  );
}
