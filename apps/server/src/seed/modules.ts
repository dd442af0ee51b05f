import type { Ledger } from '../modules/wallet/service.ts';
import type { Config } from '../platform/config.ts';
import type { Tx } from '../platform/db.ts';

/**
 * A module's seed: runs once, in the seeding transaction, after the operator row exists. `demo`
 * says whether demo content is wanted; data an operator always needs (e.g. lottery markets) is
 * seeded either way.
 */
export interface ModuleSeed {
  name: string;
  run(
    tx: Tx,
    c: { config: Config; ledger: Ledger; demo: boolean; memberIds: Record<string, number> },
  ): Promise<void>;
}

/** One line per module. */
export const moduleSeeds: ModuleSeed[] = [(await import('../modules/lotto/seed.ts')).lottoSeed];
moduleSeeds.push((await import('../modules/payments/seed.ts')).paymentsSeed);
moduleSeeds.push((await import('../modules/games/seed.ts')).gamesSeed);
