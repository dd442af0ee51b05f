import type { ModuleContext } from '../../platform/module.ts';
import { memberRoutes } from './routes.ts';

/**
 * Member profile and bank details. The module owns the `member` table; other modules read and lock
 * members through the plain functions of its service.ts.
 */
export function membersModule(ctx: ModuleContext): void {
  memberRoutes(ctx, { db: ctx.db, clock: ctx.clock, agentCode: ctx.config.AGENT_CODE });
}
