import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * The risk rule's read of the `member` row (the members module grants it, db/table-owners.ts;
 * docs/rules/engagement.md §0 G5). What this member shares
 * with another member: the device id, the registration address (only when `countIp`: a private or
 * loopback address names the operator's proxy, not the member). The bank-account name is
 * `accountNameShared` (the members module's service).
 */
export async function sharedIdentity(
  ex: Executor,
  memberId: number,
  countIp: (ip: string) => boolean,
): Promise<{ device: boolean; ip: boolean }> {
  const me = await ex
    .selectFrom('member')
    .select(['register_ip', 'device_id'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!me) return { device: false, ip: false };
  const ip = me.register_ip !== null && countIp(me.register_ip) ? me.register_ip : null;
  const { rows } = await sql<{ device: boolean; ip: boolean }>`
    SELECT
      ${me.device_id}::text IS NOT NULL AND EXISTS (
        SELECT 1 FROM member o WHERE o.device_id = ${me.device_id} AND o.id <> ${memberId}) AS device,
      ${ip}::text IS NOT NULL AND EXISTS (
        SELECT 1 FROM member o WHERE o.register_ip = ${ip} AND o.id <> ${memberId}) AS ip`.execute(ex);
  const r = rows[0];
  return { device: !!r?.device, ip: !!r?.ip };
}
