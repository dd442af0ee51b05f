import type { ModuleContext } from '../../platform/module.ts';
import { memberRoutes } from './routes.ts';
import { createMembersService, type MembersService } from './service.ts';

/** Member profile and bank details. */
export function membersModule(ctx: ModuleContext): MembersService {
  const members = createMembersService({ db: ctx.db, clock: ctx.clock, agentCode: ctx.config.AGENT_CODE });
  memberRoutes(ctx, members);
  return members;
}
