import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { consoleStaff, useConsoleSession } from './console.ts';
import { DEMO } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage } from './page.ts';
import { staffLogin } from './staff.ts';

// The console's Members and Dashboard sections: `support` finds a member by phone, sends a
// password-reset OTP and reads it in the SMS outbox; `owner` reads the dashboard. axe clean.

const browserOf = useBrowser();

/**
 * A console tab signed in with a staff session opened by the global setup (the console keeps its
 * session in sessionStorage, `chok-backoffice-session`).
 */
async function consoleAs(username: 'support' | 'owner'): Promise<{ context: BrowserContext; page: Page }> {
  const token = await staffLogin(baseUrl, username);
  const { context, page } = await openPage(browserOf());
  await useConsoleSession(context, token, await consoleStaff(baseUrl, token));
  return { context, page };
}

let support: { context: BrowserContext; page: Page };

beforeAll(async () => {
  support = await consoleAs('support');
});
afterAll(async () => {
  await support.context.close();
});

describe('console: members (support)', () => {
  it('finds a member by phone, sends a reset OTP, and reads it in the SMS outbox', async () => {
    const { page } = support;
    const phone = DEMO.empty.phone;
    await page.goto(`${baseUrl}/backoffice/members`);
    await page.getByRole('heading', { name: 'ค้นหาสมาชิก', level: 1 }).waitFor();
    // Support's menu: members and the SMS outbox, no dashboard.
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'กล่องข้อความ SMS' }).waitFor();
    expect(await nav.getByRole('link', { name: 'แดชบอร์ด' }).count()).toBe(0);

    await page.getByLabel('คำค้นหา').fill(phone);
    await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    const link = page.getByRole('table', { name: 'รายชื่อสมาชิก' }).getByRole('link', { name: phone });
    await link.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await link.click();
    await page.getByRole('heading', { name: new RegExp(`สมาชิก ${phone}`), level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'กระเป๋าเงิน' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // A tab of history.
    await page.getByRole('tab', { name: 'รายการเดินบัญชี' }).click();
    await page.getByRole('table', { name: `รายการเดินบัญชี ${phone}` }).waitFor();

    await page.getByRole('button', { name: 'ส่ง OTP ตั้งรหัสผ่านใหม่' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('เหตุผล').fill('สมาชิกโทรแจ้งลืมรหัสผ่าน');
    await dialog.getByRole('button', { name: 'ส่งรหัส' }).click();
    const toast = page.getByText(new RegExp(`ส่งรหัสไปที่ ${phone} แล้ว \\(รหัสอ้างอิง ([A-Z]+)\\)`));
    await toast.waitFor();
    const ref = /รหัสอ้างอิง ([A-Z]+)/.exec((await toast.textContent()) ?? '')?.[1];
    expect(ref).toBeTruthy();

    await page.getByRole('navigation').getByRole('link', { name: 'กล่องข้อความ SMS' }).click();
    await page.getByRole('heading', { name: 'กล่องข้อความ SMS', level: 1 }).waitFor();
    await page.getByLabel('เบอร์โทรศัพท์').fill(phone);
    await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    const table = page.getByRole('table', { name: 'ข้อความ SMS' });
    await table.getByRole('cell', { name: new RegExp(`ตั้งรหัสผ่านใหม่.*รหัสอ้างอิง ${ref}`) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('support may not open the dashboard', async () => {
    const { page } = support;
    await page.goto(`${baseUrl}/backoffice/dashboard`);
    await page.getByText('ไม่มีสิทธิ์เข้าถึงหน้านี้').waitFor();
  });
});

describe('console: dashboard (owner)', () => {
  it("renders today's figures and the 30-day charts", async () => {
    const { context, page } = await consoleAs('owner');
    try {
      await page.goto(`${baseUrl}/backoffice/dashboard`);
      await page.getByRole('heading', { name: 'แดชบอร์ด', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'วันนี้', exact: true }).waitFor();
      const today = page.getByRole('region', { name: 'วันนี้', exact: true });
      for (const label of ['ยอดฝาก', 'ยอดถอน', 'กำไรจากการเล่น (GGR)', 'สมาชิกใหม่', 'ต้นทุนโบนัสและรางวัล']) {
        await today.getByText(label, { exact: true }).waitFor();
      }
      expect(await page.getByRole('img', { name: /ยอดฝากเทียบยอดถอน 30 วัน/ }).count()).toBe(1);
      expect(await page.getByRole('img', { name: /แยกประเภท 30 วัน/ }).count()).toBe(1);
      const categories = page.getByRole('table', { name: /แยกตามประเภทเกม วันนี้/ });
      for (const label of ['หวย', 'คาสิโน', 'สล็อต', 'กีฬา', 'ยิงปลา']) {
        await categories.getByRole('rowheader', { name: label }).waitFor();
      }
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
