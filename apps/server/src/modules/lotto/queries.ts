import type { DeriveRule, RoundResult } from '@chok/engine/lotto/types';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { lottoWalletJson } from '../wallet/service.ts';
import type { RoundSettings } from './settings.ts';

export interface RoundRow {
  id: number;
  market_id: number;
  market_code: string;
  market_name: string;
  category_id: string;
  derive_rule: DeriveRule;
  business_date: string;
  round_no: number;
  status: 'scheduled' | 'open' | 'closed' | 'resulted' | 'settled' | 'cancelled';
  open_at: Date;
  close_at: Date;
  shoot_close_at: Date | null;
  expected_result_at: Date;
  settings: RoundSettings;
  result: RoundResult | null;
  result_version: number;
  result_hash: Buffer | null;
  shot_count: number;
  chain_head: string | null;
  yeekee_sum: number | null;
  yeekee_p16: number | null;
  yeekee_r: string | null;
  seal_offset_ms: number | null;
  seal_salt: string | null;
  seal_commitment: string | null;
  rule_text: string;
  auto_refund_no_result: boolean;
  /** The result is made-up demo data (the demo seed's history), not an official output. */
  demo_result: boolean;
}

const roundColumns = sql`r.id, r.market_id, m.code AS market_code, m.name AS market_name, m.category_id,
  m.derive_rule, r.business_date, r.round_no, r.status, r.open_at, r.close_at, r.shoot_close_at,
  r.expected_result_at, r.settings, r.result, r.result_version, r.result_hash, r.shot_count, r.chain_head,
  r.yeekee_sum, r.yeekee_p16, r.yeekee_r, r.seal_offset_ms, r.seal_salt, r.seal_commitment, m.rule_text,
  m.auto_refund_no_result, coalesce(r.result_raw->>'demo' = 'true', false) AS demo_result`;

/** One round with its market; `lock` takes the round row lock of lottery.md §6. */
export async function findRound(
  ex: Executor,
  roundId: number,
  lock: 'none' | 'share' | 'update' = 'none',
): Promise<(RoundRow & { db_now: Date }) | undefined> {
  const suffix = lock === 'share' ? sql`FOR SHARE OF r` : lock === 'update' ? sql`FOR UPDATE OF r` : sql``;
  const { rows } = await sql<RoundRow & { db_now: Date }>`
    SELECT ${roundColumns}, clock_timestamp() AS db_now
    FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    WHERE r.id = ${roundId} ${suffix}`.execute(ex);
  return rows[0];
}

/**
 * What a bill needs before it touches exposure, in one round trip: the round locked FOR SHARE with
 * the database clock read after the lock, the member's wallet (by ledger account id or wallet type
 * id) and the round's เลขอั้น.
 */
export async function roundForBill(
  ex: Executor,
  roundId: number,
  memberId: number,
  walletId: number,
): Promise<
  | (RoundRow & {
      db_now: Date;
      wallet: { id: number; wallet_type_id: number } | null;
      limits: { bet_type: string; number: string; action: string; rate: string | null; cap: number | null }[];
    })
  | undefined
> {
  const { rows } = await sql<
    RoundRow & {
      db_now: Date;
      wallet: { id: number; wallet_type_id: number } | null;
      limits: { bet_type: string; number: string; action: string; rate: string | null; cap: number | null }[];
    }
  >`
    SELECT ${roundColumns}, clock_timestamp() AS db_now,
      ${lottoWalletJson(memberId, walletId)} AS wallet,
      (SELECT coalesce(json_agg(json_build_object('bet_type', l.bet_type, 'number', l.number,
         'action', l.action, 'rate', l.rate::text, 'cap', l.cap)), '[]'::json)
       FROM lotto_number_limit l WHERE l.round_id = r.id) AS limits
    FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    WHERE r.id = ${roundId} FOR SHARE OF r`.execute(ex);
  return rows[0];
}

export async function findRounds(
  ex: Executor,
  where: ReturnType<typeof sql>,
  order: ReturnType<typeof sql> = sql`m.sort_order, r.close_at`,
): Promise<RoundRow[]> {
  const { rows } = await sql<RoundRow>`
    SELECT ${roundColumns}
    FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    WHERE ${where} ORDER BY ${order}`.execute(ex);
  return rows;
}

export async function dbNow(ex: Executor): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(ex);
  return rows[0]!.now;
}
