import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Ledger } from '../wallet/service.ts';

/** What the lotto services need from the platform. */
export interface LottoDeps {
  db: Db;
  ledger: Ledger;
  events: EventBus;
  jobs: Jobs;
  clock: Clock;
  config: Config;
}

/** The house account every stake goes to and every payout comes from. */
export const HOUSE = { system: 'sys:lotto' } as const;
/**
 * Wallets a member may pay bills from: main only. The bonus wallet is for slot, freespin and fishing
 * (docs/rules/casino.md §1, the `lotto` row of `game_wallet_category`), free credit for slot and freespin.
 */
export const LOTTO_WALLET_TYPES = [1] as const;
