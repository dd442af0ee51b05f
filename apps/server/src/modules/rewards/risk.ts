import { BlockList, isIP } from 'node:net';
import type { Executor } from '../../platform/db.ts';
import { accountNameShared } from '../members/service.ts';
import { sharedIdentity } from './members-queries.ts';

/**
 * G5 of docs/rules/engagement.md §0: a member who shares a device, a registration address or a
 * bank-account name with another member is flagged, and their cash and free-credit rewards wait for
 * an operator. Private, loopback and link-local addresses are not compared: behind the operator's
 * proxy or load balancer they name the proxy, and every member would share them.
 */
const notMemberAddresses = new BlockList();
for (const [net, bits] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
  ['0.0.0.0', 8],
] as const) {
  notMemberAddresses.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::', 128],
] as const) {
  notMemberAddresses.addSubnet(net, bits, 'ipv6');
}

export function countsAsMemberAddress(ip: string): boolean {
  const bare = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(bare);
  if (family === 0) return false;
  return !notMemberAddresses.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why the member is flagged (Thai, for the operator), or null. */
export async function riskReason(ex: Executor, memberId: number): Promise<string | null> {
  const shared = await sharedIdentity(ex, memberId, countsAsMemberAddress);
  const reasons: string[] = [];
  if (shared.device) reasons.push('ใช้อุปกรณ์เดียวกับสมาชิกอื่น');
  if (shared.ip) reasons.push('สมัครจาก IP เดียวกับสมาชิกอื่น');
  if (await accountNameShared(ex, memberId)) reasons.push('ชื่อบัญชีธนาคารซ้ำกับสมาชิกอื่น');
  return reasons.length > 0 ? reasons.join(', ') : null;
}
