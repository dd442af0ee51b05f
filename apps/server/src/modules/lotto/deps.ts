import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Connectors } from '../connectors/service.ts';
import { type Ledger, MAIN_WALLET, type WalletTypeId } from '../wallet/service.ts';

/** What the lotto services need from the platform. */
export interface LottoDeps {
  db: Db;
  ledger: Ledger;
  events: EventBus;
  jobs: Jobs;
  clock: Clock;
  config: Config;
  /** Calls out (the official GLO results feed); absent where no feed runs (benchmarks). */
  connectors?: Connectors;
  /**
   * Called before each try at placing a bill (tests make the round's rules change there, to meet the
   * retry limit deterministically); absent in the app.
   */
  beforeBillAttempt?: (roundId: number, attempt: number) => Promise<void>;
  /** Told each bill group's size as it leaves (bill-groups.ts): the metrics' histogram. */
  onBillGroup?: (size: number) => void;
}

/** The house account every stake goes to and every payout comes from. */
export const HOUSE = { system: 'sys:lotto' } as const;
/**
 * Wallets a member may pay bills from: main only. The bonus wallet is for slot, freespin and fishing
 * (docs/rules/casino.md §1, as the games module's wallet categories hold), free credit for slot and
 * freespin.
 */
export const LOTTO_WALLET_TYPES: readonly WalletTypeId[] = [MAIN_WALLET];

export function isLottoWallet(walletTypeId: number): boolean {
  return (LOTTO_WALLET_TYPES as readonly number[]).includes(walletTypeId);
}
