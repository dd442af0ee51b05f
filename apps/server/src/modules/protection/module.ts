import type { ModuleContext } from '../../platform/module.ts';
import { depositProtection } from './deposits.ts';
import type { ProtectionDeps } from './deps.ts';
import { protectionGate } from './gate.ts';
import { applyAllDue } from './limits.ts';
import { protectionRoutes } from './routes.ts';

/** What payments receives: the deposit guard of its request transaction, and whether a member is self-excluded. */
export type ProtectionService = ReturnType<typeof depositProtection>;

/**
 * Player protection (docs/rules/protection.md): the member's deposit and loss limits, reality check,
 * time-outs and self-exclusion, and the operator's read of them. The loss guard itself is a database
 * function (protection/sql/protection_count_loss.sql), in the transaction of every bet.
 */
export async function protectionModule(
  ctx: ModuleContext,
  collaborators: {
    sessions: ProtectionDeps['sessions'];
    depositsCountedSince: ProtectionDeps['depositsCountedSince'];
    endGames: ProtectionDeps['endGames'];
  },
): Promise<ProtectionService> {
  const d: ProtectionDeps = {
    db: ctx.db,
    clock: ctx.clock,
    coolingOffHours: ctx.config.PROTECTION_COOLING_OFF_HOURS,
    sessions: collaborators.sessions,
    depositsCountedSince: collaborators.depositsCountedSince,
    endGames: collaborators.endGames,
  };
  protectionRoutes(ctx, d);
  const gate = protectionGate(d);
  ctx.memberGate.check = gate.check;
  ctx.memberGate.login = gate.login;
  await ctx.jobs.schedule('protection.apply', '* * * * *', async () => {
    await applyAllDue(d);
  });
  return depositProtection(d);
}
