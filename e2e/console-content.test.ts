import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { consoleStaff, useConsoleSession } from './console.ts';
import { baseUrl } from './lane.ts';
import { openPage, pageIdle } from './page.ts';
import { call, staffLogin } from './staff.ts';

/**
 * The console's content and rewards sections in Chromium: `content` publishes an important
 * notification through the console's form (confirmation, toast, the preview drawn as the member site
 * draws it) and the member site shows it; every page of both sections is axe clean.
 *
 * The member site's notifications are cached 60 s per process (docs/rules/engagement.md §13), but an
 * operator's edit drops that cache at once on the process that made it — the e2e server is one
 * process, so the member's next read has the new row without waiting.
 */

const browserOf = useBrowser();

/** A console tab signed in as `role` with a session from the shared staff logins (no TOTP spent). */
async function openConsole(
  role: 'content' | 'owner',
): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const token = await staffLogin(baseUrl, role);
  const staff = await consoleStaff(baseUrl, token);
  const { context, page } = await openPage(browserOf());
  await useConsoleSession(context, token, staff);
  return { context, page, token };
}

async function expectAxeClean(page: Page, what: string) {
  await pageIdle(page);
  expect(await seriousViolations(page), what).toEqual([]);
}

describe('console: content', () => {
  it('content publishes an important notification through the console and the member site shows it', async () => {
    const { context, page, token } = await openConsole('content');
    const title = `ประกาศจากคอนโซล ${process.pid}-${Date.now() % 100_000}`;
    let createdId: number | undefined;
    try {
      await page.goto(`${baseUrl}/backoffice/content/notifications`);
      await page.getByRole('heading', { name: 'ประกาศ', level: 1 }).waitFor();
      // The content role sees its own sections only.
      const menu = page.getByRole('navigation').first();
      await menu.getByRole('link', { name: 'ประกาศ', exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'รางวัลรอตรวจสอบ' }).count()).toBe(0);

      const form = page.getByRole('form', { name: 'เพิ่มประกาศใหม่' });
      await form.getByLabel('ประเภท').selectOption('1');
      await form.getByLabel('หัวข้อ').fill(title);
      await form.getByLabel('ข้อความ').fill('ทดสอบการเผยแพร่ประกาศจากหลังบ้าน');
      await form.getByLabel('ความสำคัญ (มากแสดงก่อน)').fill('1000');
      // The preview draws it as the member's announcement dialog does, before saving.
      const preview = page.getByTestId('member-preview');
      await preview.getByRole('heading', { name: title }).waitFor();
      await preview.getByText('ประกาศสำคัญ (1 / 1)').waitFor();
      await expectAxeClean(page, 'content/notifications');

      await form.getByRole('button', { name: 'เพิ่มประกาศ' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'เพิ่มประกาศ' }).waitFor();
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await page.getByText('เพิ่มประกาศแล้ว').waitFor();
      await page.getByRole('table', { name: 'รายการประกาศ' }).getByRole('cell', { name: title }).waitFor();

      const list = await call<{ id: number; title: string; type: number; is_active: boolean }[]>(
        baseUrl,
        '/api/admin/content/notifications',
        { token },
      );
      const row = list.body.data.find((n) => n.title === title);
      expect(row).toMatchObject({ type: 1, is_active: true });
      createdId = row?.id;

      // The member site, in a fresh browser: the important announcement opens with the new one first.
      const member = await openPage(browserOf());
      try {
        await member.page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
        const announcement = member.page.getByTestId('notification-dialog');
        await announcement.getByRole('heading', { name: title }).waitFor();
        await announcement.getByText('ทดสอบการเผยแพร่ประกาศจากหลังบ้าน').waitFor();
      } finally {
        await member.context.close();
      }

      // Switched off from its row, after a confirmation.
      const tableRow = page.getByRole('row').filter({ hasText: title });
      await tableRow.getByRole('button', { name: 'ปิดใช้งาน' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'ปิดใช้งาน' }).click();
      await page.getByText('ปิดใช้งานประกาศแล้ว').waitFor();
      await tableRow.getByText('ปิดอยู่').waitFor();
    } finally {
      // Later files count the seeded announcements: this one stays off even when a step above failed.
      if (createdId !== undefined) {
        const off = await call(baseUrl, `/api/admin/content/notifications/${createdId}`, {
          method: 'PUT',
          token,
          body: JSON.stringify({ is_active: false }),
        });
        expect(off.body.error, off.body.message).toBe(0);
      }
      await context.close();
    }
  });

  it('every page of the rewards and content sections opens from the menu and is axe clean', async () => {
    const { context, page } = await openConsole('owner');
    try {
      await page.goto(`${baseUrl}/backoffice/content/agent`);
      await page.getByRole('heading', { name: 'โลโก้และช่องทางติดต่อ', level: 1 }).waitFor();
      await page.getByTestId('member-preview').waitFor();
      await expectAxeClean(page, 'content/agent');
      const pages: [string, string][] = [
        ['แบนเนอร์', 'แบนเนอร์'],
        ['กิจกรรม', 'กิจกรรม'],
        ['โปรโมชั่นเงินฝาก', 'โปรโมชั่นเงินฝาก'],
        ['คูปอง', 'คูปอง'],
        ['คืนยอดเสียและคืนยอดเทิร์น', 'คืนยอดเสียและคืนยอดเทิร์น'],
        ['ค่าแนะนำเพื่อน', 'ค่าแนะนำเพื่อน'],
        ['เช็คอินรายวัน', 'เช็คอินรายวัน'],
        ['ภารกิจ', 'ภารกิจ'],
        ['วงล้อรางวัล', 'วงล้อรางวัล'],
        ['ร้านแลกแต้ม', 'ร้านแลกแต้ม'],
        ['คำสั่งแลกของรางวัล', 'คำสั่งแลกของรางวัล'],
        ['โพล', 'โพล'],
        ['รางวัลรอตรวจสอบ', 'รางวัลรอตรวจสอบ'],
      ];
      for (const [link, heading] of pages) {
        await page.getByRole('link', { name: link, exact: true }).first().click();
        await page.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
        // Wait for the page's reads: no "loading" text left.
        await expect.poll(() => page.getByText('กำลังโหลด…').count()).toBe(0);
        await expectAxeClean(page, link);
      }
      // The wheel shows the current version's prizes with their chances.
      await page.getByRole('link', { name: 'วงล้อรางวัล', exact: true }).first().click();
      const prizes = page.getByRole('table', { name: 'รางวัลของเวอร์ชันปัจจุบัน' });
      await expect.poll(() => prizes.getByRole('row').count()).toBeGreaterThan(2);
      // A shop item shows as the member's shop card while it is typed.
      await page.getByRole('link', { name: 'ร้านแลกแต้ม', exact: true }).first().click();
      await page.getByLabel('ชื่อของรางวัล').fill('บัตรเติมเงิน 50 บาท');
      await page.getByLabel('ราคา (แต้ม)').fill('1500');
      const card = page.getByTestId('member-preview');
      await expect.poll(() => card.textContent()).toContain('บัตรเติมเงิน 50 บาท');
      expect(await card.textContent()).toContain('1,500 แต้ม');
      await expectAxeClean(page, 'shop item preview');
    } finally {
      await context.close();
    }
    // Fifteen pages, each checked by axe: more than the default minute on a loaded machine.
  }, 150_000);
  it('quests, the wheel, polls, coupons, cashback and affiliate rates show what the member will see while they are typed', async () => {
    const { context, page } = await openConsole('owner');
    try {
      const preview = (name: string) => page.getByRole('region', { name });
      // A quest: its card on the member's quest page, with the reward and the target.
      await page.goto(`${baseUrl}/backoffice/rewards/quests`);
      await page.getByLabel('ชื่อภารกิจ').fill('ฝากครบ 500 วันนี้');
      await page.getByLabel('เป้าหมาย').fill('500');
      await page.getByLabel('จำนวนรางวัล').fill('150');
      const quest = preview('ตัวอย่างในหน้าภารกิจของสมาชิก');
      await expect.poll(() => quest.textContent()).toContain('ฝากครบ 500 วันนี้');
      expect(await quest.textContent()).toContain('150 แต้ม');
      expect(await quest.textContent()).toContain('0.00 / 500.00 บาท');
      await expectAxeClean(page, 'quest preview');

      // The wheel: one segment per prize row, its label on it.
      await page.goto(`${baseUrl}/backoffice/rewards/wheel`);
      const wheel = preview('ตัวอย่างวงล้อบนหน้าเว็บสมาชิก');
      await wheel.waitFor();
      const rows = await page.getByLabel(/^ชื่อรางวัลช่อง \d+$/).count();
      await page.getByLabel('ชื่อรางวัลช่อง 1').fill('แจ็คพอต ใหญ่');
      await expect.poll(() => wheel.textContent()).toContain('แจ็คพอต');
      expect(await wheel.getByRole('img', { name: `วงล้อรางวัล ${rows} ช่อง` }).count()).toBe(1);
      await expectAxeClean(page, 'wheel preview');

      // A poll: the question, each choice with its vote button, and the rules with the figures typed.
      await page.goto(`${baseUrl}/backoffice/rewards/polls`);
      await page.getByLabel('คำถาม').fill('ทีมไหนชนะคืนนี้');
      await page.getByLabel('ตัวเลือก (บรรทัดละหนึ่งตัวเลือก)').fill('ทีมแดง\nทีมน้ำเงิน');
      await page.getByLabel('รางวัลต่อโหวตที่ถูก (บาท)').fill('35');
      const poll = preview('ตัวอย่างหน้าโพลของสมาชิก');
      await expect.poll(() => poll.textContent()).toContain('ทีมไหนชนะคืนนี้');
      expect(await poll.getByRole('listitem').filter({ hasText: 'ทีมน้ำเงิน' }).count()).toBe(1);
      expect(await poll.textContent()).toContain('ทายถูกรับเครดิตฟรี 35 บาทต่อสิทธิ์');
      await expectAxeClean(page, 'poll preview');

      // A coupon: the result and the history line the member gets, in the create dialog.
      await page.goto(`${baseUrl}/backoffice/rewards/coupons`);
      await page.getByRole('button', { name: 'สร้างโค้ดแคมเปญ' }).click();
      const dialog = page.getByRole('dialog', { name: 'สร้างโค้ดแคมเปญ' });
      await dialog.getByLabel('ชื่อคูปอง').fill('คูปองต้อนรับ');
      await dialog.getByLabel('มูลค่า (บาท, เครดิตฟรี)').fill('50');
      const coupon = dialog.getByRole('region', { name: 'ตัวอย่างที่สมาชิกเห็นเมื่อใช้คูปอง' });
      await expect.poll(() => coupon.textContent()).toContain('ได้รับเครดิตฟรี 50.00 บาท ทำเทิร์น 250 บาท');
      expect(await coupon.textContent()).toContain('คูปองต้อนรับ');
      await expectAxeClean(page, 'coupon preview');
      await dialog.getByRole('button', { name: 'ยกเลิก' }).click();

      // Cashback and the turnover commission: the rates as the member's /cashback page states them.
      await page.goto(`${baseUrl}/backoffice/rewards/cashback`);
      await page.getByLabel('คืนยอดเสีย คาสิโนและสล็อต (%)').fill('7.5');
      await page.getByLabel('คืนยอดเทิร์น (%)').fill('0.6');
      const cashback = preview('ตัวอย่างหน้าคืนยอดของสมาชิก');
      await expect.poll(() => cashback.textContent()).toContain('คืน 7.5% ของยอดเสียสุทธิ');
      expect(await cashback.textContent()).toContain('คืนยอดเทิร์น 0.6%');
      await expectAxeClean(page, 'cashback preview');

      // Affiliate rates: the member's /affiliate rules.
      await page.goto(`${baseUrl}/backoffice/rewards/affiliate`);
      await page.getByLabel('ชั้นที่ 1 (%)').fill('0.9');
      const affiliate = preview('ตัวอย่างหน้าแนะนำเพื่อนของสมาชิก');
      await expect.poll(() => affiliate.textContent()).toContain('รับ 0.9% จากยอดเสียของเพื่อนที่คุณชวน');
      await expectAxeClean(page, 'affiliate preview');
    } finally {
      await context.close();
    }
  }, 120_000);
});
