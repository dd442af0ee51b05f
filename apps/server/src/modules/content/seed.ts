import type { Config } from '../../platform/config.ts';
import type { Db, Tx } from '../../platform/db.ts';

/** Whether the operator's agent row exists: the install has been seeded. */
export async function agentExists(db: Db, agentId: number): Promise<boolean> {
  return (
    (await db.selectFrom('agent').select('id').where('id', '=', agentId).executeTakeFirst()) !== undefined
  );
}

/** The operator's agent (always seeded, first: members and accounts belong to it). */
export async function seedAgent(tx: Tx, config: Config): Promise<void> {
  const agent_id = config.AGENT_ID;
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
}

/**
 * Demo receiving accounts, notifications, banners, events and promotions' texts (SEED_DEMO). The demo
 * poll's event ("กิจกรรมทายผลบอล", leading to /poll/1) is seeded by the polls module with its poll.
 */
export async function seedDemoContent(tx: Tx, agent_id: number): Promise<void> {
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
        image: '/demo/notice-maintenance.webp',
        sort_order: 1,
      },
      {
        agent_id,
        type: 1,
        title: 'ระวังมิจฉาชีพ',
        description: 'เจ้าหน้าที่จะไม่ขอรหัสผ่านหรือรหัส OTP ของท่านไม่ว่ากรณีใด ติดต่อเราผ่าน LINE ทางการเท่านั้น',
        image: '/demo/notice-security.webp',
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
        image: '/demo/banner-lotto.webp',
        link: '/lotto/lobby',
        sort_order: 1,
      },
      { agent_id, title: 'สล็อตช้างทอง', image: '/demo/banner-slot.webp', link: '/lobby/slot', sort_order: 2 },
      {
        agent_id,
        title: 'เช็คอินรับเครดิตฟรีทุกวัน',
        image: '/demo/banner-checkin.webp',
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
        title: 'ล่าสมบัติประจำสัปดาห์',
        image: '/demo/event-treasure.webp',
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
        image: '/demo/promo-welcome.webp',
        terms: 'ทำเทิร์นโอเวอร์ 5 เท่าของยอดฝากรวมโบนัส ใช้ได้กับสล็อตเท่านั้น',
        sort_order: 1,
      },
      {
        agent_id,
        title: 'ฝากทั้งวัน รับโบนัส 10%',
        description: 'ฝากขั้นต่ำ 300 บาท รับโบนัส 10% สูงสุด 1,000 บาท วันละ 1 ครั้ง',
        image: '/demo/promo-daily.webp',
        terms: 'ทำเทิร์นโอเวอร์ 3 เท่า',
        sort_order: 2,
      },
      {
        agent_id,
        title: 'คืนยอดเสีย 5% ทุกวัน',
        description: 'รับคืนยอดเสียจากสล็อตและคาสิโน 5% ทุกวัน ไม่ต้องทำเทิร์น',
        image: '/demo/promo-cashback.webp',
        terms: 'ยอดเสียขั้นต่ำ 100 บาท',
        sort_order: 3,
      },
    ])
    .execute();
}
