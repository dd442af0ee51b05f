import { parseBaht } from '@chok/engine/money';
import { insertStaff } from '../modules/admin/service.ts';
import { hashPassword } from '../modules/auth/service.ts';
import { insertMember } from '../modules/members/service.ts';
import {
  BONUS_WALLET,
  FREE_CREDIT_WALLET,
  type Ledger,
  MAIN_WALLET,
  type WalletTypeId,
} from '../modules/wallet/service.ts';
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

export async function isSeeded(db: Db, agentId: number): Promise<boolean> {
  return (
    (await db.selectFrom('agent').select('id').where('id', '=', agentId).executeTakeFirst()) !== undefined
  );
}

/** Seeds the operator and its content; with `demo`, also demo members and staff. One transaction. */
export async function seed(db: Db, ledger: Ledger, config: Config, opts: { demo: boolean }): Promise<void> {
  const agent_id = config.AGENT_ID;
  const memberHashes = await Promise.all(demoMembers.map((m) => hashPassword(m.password)));
  const staffHashes = await Promise.all(demoStaff.map((s) => hashPassword(s.password)));
  await inTransaction(db, async (tx) => {
    await tx
      .insertInto('agent')
      .values({
        id: agent_id,
        code: config.AGENT_CODE,
        name: config.AGENT_NAME,
        logo_url: '/brand/logo.svg',
        line_admin_url: 'https://line.me/R/ti/p/@chok-admin',
        line_contact_url: 'https://line.me/R/ti/p/@chok',
      })
      .execute();
    const memberIds: Record<string, number> = {};
    if (opts.demo) await seedDemoContent(tx, ledger, config, memberHashes, staffHashes, memberIds);
    for (const m of moduleSeeds) await m.run(tx, { config, demo: opts.demo, memberIds });
  });
}

async function seedDemoContent(
  tx: Tx,
  ledger: Ledger,
  config: Config,
  memberHashes: string[],
  staffHashes: string[],
  memberIds: Record<string, number>,
): Promise<void> {
  const agent_id = config.AGENT_ID;

  await tx
    .insertInto('agent_bank_account')
    .values([
      {
        agent_id,
        bank_code: '004',
        account_no: '0481234567',
        account_name: 'บจก. โชคดี เอ็นเตอร์เทนเมนต์',
        sort_order: 1,
      },
      {
        agent_id,
        bank_code: '014',
        account_no: '4071234567',
        account_name: 'บจก. โชคดี เอ็นเตอร์เทนเมนต์',
        sort_order: 2,
      },
    ])
    .execute();
  await tx
    .insertInto('agent_true_money_account')
    .values({ agent_id, phone: '0951234567', account_name: 'โชคดี วอลเล็ท' })
    .execute();
  await tx
    .insertInto('notification')
    .values([
      {
        agent_id,
        type: 1,
        title: 'ประกาศปิดปรับปรุงระบบธนาคาร',
        description: 'ธนาคารกสิกรไทยปิดปรับปรุงระบบทุกวันอาทิตย์ เวลา 00:00–02:00 น. ระหว่างนี้กรุณาฝากผ่านช่องทางอื่น',
        image: '/demo/notice-maintenance.svg',
        sort_order: 1,
      },
      {
        agent_id,
        type: 1,
        title: 'ระวังมิจฉาชีพ',
        description: 'เจ้าหน้าที่จะไม่ขอรหัสผ่านหรือรหัส OTP ของท่านไม่ว่ากรณีใด ติดต่อเราผ่าน LINE ทางการเท่านั้น',
        image: '/demo/notice-security.svg',
        sort_order: 2,
      },
      {
        agent_id,
        type: 2,
        title: 'หวยรัฐบาลงวดนี้',
        description: 'ปิดรับแทงหวยรัฐบาลเวลา 15:20 น. ของวันออกรางวัล',
        image: null,
        sort_order: 3,
      },
      {
        agent_id,
        type: 3,
        title: 'เกมใหม่ ช้างทอง',
        description: 'สล็อตช้างทอง 5 รีล 20 ไลน์ พร้อมฟรีสปิน',
        image: null,
        sort_order: 4,
      },
    ])
    .execute();
  await tx
    .insertInto('banner')
    .values([
      {
        agent_id,
        title: 'หวยออนไลน์ จ่ายสูง',
        image: '/demo/banner-lotto.svg',
        link: '/lotto/lobby',
        sort_order: 1,
      },
      { agent_id, title: 'สล็อตช้างทอง', image: '/demo/banner-slot.svg', link: '/lobby/slot', sort_order: 2 },
      {
        agent_id,
        title: 'เช็คอินรับเครดิตฟรีทุกวัน',
        image: '/demo/banner-checkin.svg',
        link: '/checkin',
        sort_order: 3,
      },
    ])
    .execute();
  await tx
    .insertInto('event')
    .values([
      {
        agent_id,
        title: 'กิจกรรมทายผลบอล',
        image: '/demo/event-football.svg',
        link: '/poll/1',
        sort_order: 1,
      },
      {
        agent_id,
        title: 'ล่าสมบัติประจำสัปดาห์',
        image: '/demo/event-treasure.svg',
        link: '/poll/1',
        sort_order: 2,
      },
    ])
    .execute();
  await tx
    .insertInto('promotion')
    .values([
      {
        agent_id,
        title: 'สมาชิกใหม่ รับโบนัส 50%',
        description: 'ฝากครั้งแรกขั้นต่ำ 100 บาท รับโบนัส 50% สูงสุด 500 บาท',
        image: '/demo/promo-welcome.svg',
        terms: 'ทำเทิร์นโอเวอร์ 5 เท่าของยอดฝากรวมโบนัส ใช้ได้กับสล็อตเท่านั้น',
        sort_order: 1,
      },
      {
        agent_id,
        title: 'ฝากทั้งวัน รับโบนัส 10%',
        description: 'ฝากขั้นต่ำ 300 บาท รับโบนัส 10% สูงสุด 1,000 บาท วันละ 1 ครั้ง',
        image: '/demo/promo-daily.svg',
        terms: 'ทำเทิร์นโอเวอร์ 3 เท่า',
        sort_order: 2,
      },
      {
        agent_id,
        title: 'คืนยอดเสีย 5% ทุกวัน',
        description: 'รับคืนยอดเสียจากสล็อตและคาสิโน 5% ทุกวัน ไม่ต้องทำเทิร์น',
        image: '/demo/promo-cashback.svg',
        terms: 'ยอดเสียขั้นต่ำ 100 บาท',
        sort_order: 3,
      },
    ])
    .execute();

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
