import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { consoleStaff, useConsoleSession } from './console.ts';
import { signIn } from './journeys.ts';
import { baseUrl, databaseUrl } from './lane.ts';
import { openPage, PHONE, pageIdle, skipAnnouncements } from './page.ts';
import { registerMember, staffLogin } from './staff.ts';

// The profile's LINE messages panel (docs/rules/connectors.md §5): without a linked LINE account it
// says how to link; with one, the member picks the kinds and the markets, and the choice is stored.

const browserOf = useBrowser();
let support: string;
beforeAll(async () => {
  support = await staffLogin(baseUrl, 'support');
});

/** Links the member's LINE account as the LIFF link stores it (the link itself is line.test.ts's subject). */
async function linkLineAccount(db: pg.Client, phone: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM member WHERE phone = $1', [phone]);
  const memberId = rows[0]!.id;
  await db.query('INSERT INTO member_line_link (member_id, line_user_id) VALUES ($1, $2)', [
    memberId,
    `U${randomBytes(16).toString('hex')}`,
  ]);
  return memberId;
}

describe('LINE messages in the profile', () => {
  it('asks for a link first, then saves the kinds and markets a linked member picks, in Thai only', async () => {
    const member = await registerMember(baseUrl, support, {
      bankCode: '014',
      accountPrefix: '6',
      accountName: (phone) => `ไลน์ ทดสอบ${phone.slice(-4)}`,
    });
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, member, '/member/profile');
    await expect
      .poll(() => page.getByTestId('line-notify-unlinked').textContent())
      .toContain('เชื่อมบัญชีไลน์ก่อน');

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const memberId = await linkLineAccount(db, member.phone);
      await page.reload();
      const form = page.getByTestId('line-notify');
      await form.waitFor();
      await form.getByLabel('ผลโพยหวย (ถูกหรือไม่ถูกรางวัล พร้อมยอดเงิน)').check();
      await form.getByLabel('ผลหวยของตลาดที่ติดตาม').check();
      const market = form.locator('.line-notify__markets input[type=checkbox]').first();
      await market.check();
      const marketId = Number((await market.getAttribute('name'))!.replace('market-', ''));
      expect(await form.getByLabel(/แสดงยอดเงินคงเหลือ/).isChecked()).toBe(false);
      const text = (await form.textContent()) ?? '';
      // Market names are the operator's (one is "หวยฮานอย VIP", allowed as in thai-only.test.ts).
      const english = (text.match(/\b[A-Za-z][A-Za-z-]{2,}\b/g) ?? []).filter(
        (w) => w.toLowerCase() !== 'vip',
      );
      expect(english).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'บันทึกการแจ้งเตือน' }).click();
      await expect
        .poll(
          async () =>
            (
              await db.query(
                'SELECT bill, results, deposit, show_balance, markets FROM line_notify_pref WHERE member_id = $1',
                [memberId],
              )
            ).rows,
        )
        .toEqual([{ bill: true, results: true, deposit: false, show_balance: false, markets: [marketId] }]);

      await page.reload();
      await page.getByTestId('line-notify').waitFor();
      expect(await page.getByLabel('ผลโพยหวย (ถูกหรือไม่ถูกรางวัล พร้อมยอดเงิน)').isChecked()).toBe(true);
      expect(await page.getByLabel('ฝากเงินเข้าบัญชีแล้ว').isChecked()).toBe(false);
    } finally {
      await db.end();
      await context.close();
    }
  });

  it("content sends an announcement from the console's LINE page; it is queued for the members who opted in", async () => {
    const token = await staffLogin(baseUrl, 'content');
    const { context, page } = await openPage(browserOf());
    await useConsoleSession(context, token, await consoleStaff(baseUrl, token));
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const member = await registerMember(baseUrl, support, {
        bankCode: '014',
        accountPrefix: '6',
        accountName: (phone) => `ประกาศ ทดสอบ${phone.slice(-4)}`,
      });
      const memberId = await linkLineAccount(db, member.phone);
      await db.query('INSERT INTO line_notify_pref (member_id, announcements) VALUES ($1, true)', [memberId]);

      const text = `ทดสอบประกาศทางไลน์ ${Date.now() % 100_000}`;
      await page.goto(`${baseUrl}/backoffice/content/line`);
      await page.getByRole('heading', { name: 'ประกาศทางไลน์', level: 1 }).waitFor();
      const form = page.getByRole('form', { name: 'ส่งประกาศทางไลน์' });
      await form.getByLabel('ข้อความประกาศ').fill(text);
      await pageIdle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'ส่งประกาศ' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'ส่งประกาศ' }).click();
      await page.getByText(/ส่งประกาศเข้าคิวให้สมาชิก [\d,]+ คนแล้ว/).waitFor();
      const queued = await db.query('SELECT kind, text FROM line_push WHERE member_id = $1', [memberId]);
      expect(queued.rows).toEqual([{ kind: 'announcement', text: `โชค: ประกาศ\n${text}` }]);
    } finally {
      await db.end();
      await context.close();
    }
  });
});
