import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from '../wallet/service.ts';
import { checkinRoutes } from './routes.ts';

/**
 * The daily check-in (เช็คอิน), docs/rules/engagement.md §5: one stamp a Bangkok day after a confirmed
 * deposit, points per stamp, the streak across months and its free-credit milestones (paid through
 * the rewards module, G2 and G5), and the operator's settings. Quests count stamps through service.ts.
 */
export async function checkinModule(ctx: ModuleContext, deps: { ledger: Ledger }): Promise<void> {
  checkinRoutes(ctx, { db: ctx.db, clock: ctx.clock, ledger: deps.ledger });
}
