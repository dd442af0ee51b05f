import type { ModuleContext } from '../../platform/module.ts';
import type { ProtectionService } from '../protection/service.ts';
import type { Ledger } from '../wallet/service.ts';
import type { PaymentsDeps } from './deps.ts';
import { gatewayRegistry } from './gateway.ts';
import { paymentsRoutes } from './routes.ts';
import { paymentsSweep } from './sweep.ts';

/** Payments (docs/rules/payments.md): deposits, gateways, statements, withdrawals, deposit promotions. */
export async function paymentsModule(
  ctx: ModuleContext,
  collaborators: { ledger: Ledger; protection: ProtectionService },
): Promise<void> {
  const { db, clock } = ctx;
  const deps: PaymentsDeps = {
    db,
    ledger: collaborators.ledger,
    events: ctx.events,
    clock,
    agentId: ctx.config.AGENT_ID,
    protection: collaborators.protection,
    gateways: gatewayRegistry(db, () => clock.now(), { sandboxAllowed: ctx.config.paymentSandbox }),
  };
  await paymentsRoutes(ctx, deps);
  // Each job only triggers a sweep that is safe to run again.
  await ctx.jobs.schedule('payments.sweep', '* * * * *', () => paymentsSweep(deps, clock.now()));
}
