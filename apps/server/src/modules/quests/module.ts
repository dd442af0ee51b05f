import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from '../wallet/service.ts';
import { questRoutes } from './routes.ts';

/**
 * Quests (ภารกิจ), docs/rules/engagement.md §6: the operator's quests (deposit, bet, rounds, check-in;
 * daily, weekly or a campaign, optionally of an event), the member's live progress from settled
 * figures, and claims paid once per period through the rewards module (G1, G2, G5, G6).
 */
export async function questsModule(ctx: ModuleContext, deps: { ledger: Ledger }): Promise<void> {
  questRoutes(ctx, { db: ctx.db, clock: ctx.clock, ledger: deps.ledger });
}
