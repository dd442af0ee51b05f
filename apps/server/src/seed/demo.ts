import { parseBaht } from '@chok/engine/money';
import { activeStaffByUsernames, deactivateStaffWithHash, insertStaff } from '../modules/admin/service.ts';
import { hashPassword, verifyPassword } from '../modules/auth/service.ts';
import { agentExists, seedAgent, seedDemoContent } from '../modules/content/seed.ts';
import { activeMembersByPhones, insertMember, suspendMemberWithHash } from '../modules/members/service.ts';
import { noteFreeCreditGrant } from '../modules/rewards/service.ts';
import {
  BONUS_WALLET,
  FREE_CREDIT_WALLET,
  type Ledger,
  MAIN_WALLET,
  type WalletTypeId,
} from '../modules/wallet/service.ts';
import { appendAudit } from '../platform/audit.ts';
import { type Clock, systemClock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import { type Db, inTransaction, type Tx } from '../platform/db.ts';
import { moduleSeeds } from './modules.ts';

/** Demo logins, documented in the README. Balances (in baht) are play money credited from `sys:demo`. */
export const demoMembers = [
  {
    phone: '0811111111',
    password: 'demo1234',
    name: 'สมชาย ใจดี',
    bank_code: '004',
    account_no: '1111111111',
    referral_code: 'DEMO0001',
    wallets: { [MAIN_WALLET]: '5000.00', [BONUS_WALLET]: '300.00', [FREE_CREDIT_WALLET]: '50.00' },
  },
  {
    phone: '0822222222',
    password: 'demo1234',
    name: 'สมหญิง รักเรียน',
    bank_code: '014',
    account_no: '2222222222',
    referral_code: 'DEMO0002',
    wallets: { [MAIN_WALLET]: '1250.50' },
  },
  {
    phone: '0833333333',
    password: 'demo1234',
    name: 'มานะ มีโชค',
    bank_code: '030',
    account_no: '333333333333',
    referral_code: 'DEMO0003',
    wallets: {},
  },
] as const;

/** Staff logins: password + the TOTP secret (base32) to add to an authenticator app. */
export const demoStaff = [
  { username: 'owner', role: 'owner', password: 'staff1234', totp_secret: 'CHOKOWNERDEMOAAA' },
  { username: 'finance', role: 'finance', password: 'staff1234', totp_secret: 'CHOKFINANCEDEMOA' },
  { username: 'lotto', role: 'lotto', password: 'staff1234', totp_secret: 'CHOKLOTTODEMOAAA' },
  { username: 'support', role: 'support', password: 'staff1234', totp_secret: 'CHOKSUPPORTDEMOA' },
  { username: 'content', role: 'content', password: 'staff1234', totp_secret: 'CHOKCONTENTDEMOA' },
] as const;

export function isSeeded(db: Db, agentId: number): Promise<boolean> {
  return agentExists(db, agentId);
}

/**
 * Seeds the operator and its content; with `demo`, also demo members and staff. One transaction; the
 * demo data is placed around the clock's time (the server clock unless one is given).
 */
export async function seed(
  db: Db,
  ledger: Ledger,
  config: Config,
  opts: { demo: boolean; clock?: Clock },
): Promise<void> {
  const now = (opts.clock ?? systemClock).now();
  const memberHashes = await Promise.all(demoMembers.map((m) => hashPassword(m.password)));
  const staffHashes = await Promise.all(demoStaff.map((s) => hashPassword(s.password)));
  await inTransaction(db, async (tx) => {
    await seedAgent(tx, config);
    const memberIds: Record<string, number> = {};
    if (opts.demo) {
      await seedDemoContent(tx, config.AGENT_ID);
      await seedDemoAccounts(tx, ledger, config, memberHashes, staffHashes, memberIds, now);
    }
    for (const m of moduleSeeds) await m.run(tx, { config, demo: opts.demo, memberIds, now });
  });
}

/** The demo members (with play money) and staff of the README. */
async function seedDemoAccounts(
  tx: Tx,
  ledger: Ledger,
  config: Config,
  memberHashes: string[],
  staffHashes: string[],
  memberIds: Record<string, number>,
  now: Date,
): Promise<void> {
  const agent_id = config.AGENT_ID;
  for (const [i, m] of demoMembers.entries()) {
    const memberId = await insertMember(tx, {
      agent_id,
      phone: m.phone,
      password_hash: memberHashes[i]!,
      bank_code: m.bank_code,
      account_no: m.account_no,
      account_name: m.name,
      line_id: null,
      referral_code: m.referral_code,
      referred_by: null,
      sub_bank_account: m.phone,
    });
    memberIds[m.phone] = memberId;
    await ledger.openMemberWallets(tx, memberId);
    for (const [type, baht] of Object.entries(m.wallets) as [string, string][]) {
      await ledger.transfer(tx, {
        from: { system: 'sys:demo' },
        to: { member: memberId, wallet: Number(type) as WalletTypeId },
        amount: parseBaht(baht),
        kind: 'demo_credit',
        reference: 'demo',
        idempotencyKey: `seed:demo:${memberId}:${type}`,
      });
      // Demo free credit is under the same turnover and cap as any grant (docs/rules/casino.md §1.3).
      if (Number(type) === FREE_CREDIT_WALLET) {
        await noteFreeCreditGrant(tx, { memberId, amount: parseBaht(baht), now });
      }
    }
  }
  for (const [i, s] of demoStaff.entries()) {
    // A staff account made with `npm run staff` before the first start keeps its name.
    await insertStaff(
      tx,
      { username: s.username, role: s.role, password_hash: staffHashes[i]!, totp_secret: s.totp_secret },
      { keepExisting: true },
    );
  }
}

/**
 * A database seeded with demo data and started without it (SEED_DEMO=false, a production start): the
 * demo staff accounts and demo members that still have the published demo passwords are locked —
 * staff deactivated (their sessions ended), members suspended — each in the audit log as the
 * system's. An account whose password was changed is left alone. Answers what this call locked
 * (nothing when everything was locked before), so the start logs it once.
 */
export async function lockDemoAccounts(db: Db, now: Date): Promise<{ staff: string[]; members: number }> {
  const staff = await activeStaffByUsernames(
    db,
    demoStaff.map((s) => s.username),
  );
  const members = await activeMembersByPhones(
    db,
    demoMembers.map((m) => m.phone),
  );
  const demoPassword = (username: string) => demoStaff.find((s) => s.username === username)?.password;
  const memberPassword = (phone: string) => demoMembers.find((m) => m.phone === phone)?.password;
  const staffToLock: typeof staff = [];
  for (const s of staff) {
    const password = demoPassword(s.username);
    if (password && (await verifyPassword(s.password_hash, password))) staffToLock.push(s);
  }
  const membersToLock: typeof members = [];
  for (const m of members) {
    const password = memberPassword(m.phone);
    if (password && (await verifyPassword(m.password_hash, password))) membersToLock.push(m);
  }
  if (staffToLock.length === 0 && membersToLock.length === 0) return { staff: [], members: 0 };
  return inTransaction(db, async (tx) => {
    const lockedStaff: string[] = [];
    for (const s of staffToLock) {
      if (!(await deactivateStaffWithHash(tx, s.id, s.password_hash, now))) continue;
      lockedStaff.push(s.username);
      await appendAudit(tx, {
        actorType: 'system',
        actorId: null,
        action: 'staff.demo_locked',
        entity: 'staff',
        entityId: s.id,
        before: { is_active: true },
        after: { is_active: false, reason: 'demo password, SEED_DEMO=false' },
      });
    }
    let lockedMembers = 0;
    for (const m of membersToLock) {
      if (!(await suspendMemberWithHash(tx, m.id, m.password_hash, now))) continue;
      lockedMembers += 1;
      await appendAudit(tx, {
        actorType: 'system',
        actorId: null,
        action: 'member.demo_locked',
        entity: 'member',
        entityId: m.id,
        before: { status: 'active' },
        after: { status: 'suspended', reason: 'demo password, SEED_DEMO=false' },
      });
    }
    return { staff: lockedStaff, members: lockedMembers };
  });
}
