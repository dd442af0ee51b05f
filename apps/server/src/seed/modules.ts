import { gamesSeed } from '../modules/games/seed.ts';
import { lottoSeed } from '../modules/lotto/seed.ts';
import { originalsSeed } from '../modules/originals/seed.ts';
import { paymentsSeed } from '../modules/payments/seed.ts';
import { pollsSeed } from '../modules/polls/seed.ts';
import { questsSeed } from '../modules/quests/seed.ts';
import { shopSeed } from '../modules/shop/seed.ts';
import type { ModuleSeed } from '../platform/module.ts';

/** Every module's seed, in the order they run (one line per module). */
export const moduleSeeds: ModuleSeed[] = [
  lottoSeed,
  paymentsSeed,
  gamesSeed,
  originalsSeed,
  questsSeed,
  shopSeed,
  pollsSeed,
];
