import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** Active payment gateways by id; without the sandbox unless it is enabled, nor SCB unless configured. */
export function activeGateways(ex: Executor, offered: { sandbox: boolean; scb: boolean }) {
  let q = ex
    .selectFrom('payment_gateway')
    .select(['id', 'code', 'name'])
    .where('is_active', '=', true)
    .orderBy('id');
  if (!offered.sandbox) q = q.where('code', '<>', 'sandbox');
  if (!offered.scb) q = q.where('code', '<>', 'scb');
  return q.execute();
}

/** The next position of the round-robin sequence (no shared row is locked). */
export async function nextRoundRobin(ex: Executor): Promise<number | undefined> {
  const { rows } = await sql<{ n: number }>`SELECT nextval('payment_round_robin')::bigint AS n`.execute(ex);
  return rows[0]?.n;
}

export function promptPayAccount(ex: Executor, id: number) {
  return ex
    .selectFrom('promptpay_account')
    .select(['id', 'proxy_id', 'account_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export function gatewayName(ex: Executor, id: number) {
  return ex
    .selectFrom('payment_gateway')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
