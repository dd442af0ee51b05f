import { auditActionLabels } from '@chok/contract/audit-actions';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { consoleStaff, openConsolePage, useConsoleSession } from './console.ts';
import { baseUrl, staffTokens } from './lane.ts';
import { openPage } from './page.ts';
import { call } from './staff.ts';

// The console reads as a person would: the audit log names each action in Thai ("สร้างโค้ดแคมเปญคูปอง"),
// the key it is stored under ("coupon.campaign_create") only as the tooltip; banks by logo and name,
// never a bare code like "004".

const browserOf = useBrowser();
const rawKey = /\b[a-z_]+\.[a-z_.]+\b/;

describe('console: read in Thai', () => {
  it('shows no raw action key; each is named in Thai with the key as its tooltip', async () => {
    const made = await call<{ id: number }>(baseUrl, '/api/admin/coupons/campaigns', {
      method: 'POST',
      token: staffTokens.content!,
      body: JSON.stringify({ title: 'คูปองบันทึกการใช้งาน', amount: '5', quota: 1 }),
    });
    expect(made.body.error, made.body.message).toBe(0);
    const token = staffTokens.owner!;
    const { context, page } = await openPage(browserOf());
    await useConsoleSession(context, token, await consoleStaff(baseUrl, token));
    await openConsolePage(page, baseUrl, '/staff/audit');
    const table = page.getByRole('table', { name: 'บันทึกการใช้งาน' });
    const row = table
      .getByRole('row')
      .filter({ hasText: `#${made.body.data.id}` })
      .filter({
        hasText: 'แคมเปญคูปอง',
      });
    await expect.poll(() => row.count()).toBe(1);
    const action = row.locator('.audit-action');
    expect(await action.textContent()).toBe(auditActionLabels['coupon.campaign_create']);
    expect(await action.getAttribute('title')).toBe('coupon.campaign_create');
    // Not one action or subject of the page's rows shows a key (columns: ลำดับ เวลา ผู้ทำรายการ การกระทำ ข้อมูล).
    const cells = await table.locator('tbody td:nth-child(4), tbody td:nth-child(5)').allTextContents();
    expect(cells.length).toBeGreaterThan(1);
    expect(cells.filter((c) => rawKey.test(c))).toEqual([]);
    await context.close();
  });

  it('banks by logo and name, never a bare code', async () => {
    const token = staffTokens.support!;
    const { context, page } = await openPage(browserOf());
    await useConsoleSession(context, token, await consoleStaff(baseUrl, token));
    await openConsolePage(page, baseUrl, '/members');
    await page.getByLabel('คำค้นหา').fill('0811111111');
    await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: '0811111111' });
    await row.waitFor();
    await expect.poll(() => row.locator('.bank').textContent()).toContain('ธนาคารกสิกรไทย');
    expect(await row.locator('.bank-logo').textContent()).toBe('KBANK');
    const cells = await page.locator('main tbody td').allTextContents();
    expect(cells.filter((c) => /^\s*\d{3}\s*$/.test(c))).toEqual([]);
    await row.getByRole('link', { name: '0811111111' }).click();
    await page.getByRole('heading', { level: 1, name: /0811111111/ }).waitFor();
    await expect
      .poll(() => page.locator('main .facts .bank').first().textContent())
      .toContain('ธนาคารกสิกรไทย');
    await context.close();
  });
});
