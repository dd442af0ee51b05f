import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { consoleStaff, useConsoleSession } from './console.ts';
import { baseUrl, staffTokens as tokens } from './lane.ts';
import { openPage } from './page.ts';
import { call } from './staff.ts';

// The operator console's staff section and role isolation
// (docs/decisions/0060-console-staff-audit-games.md, apps/backoffice/README.md): the owner adds a staff
// user through the console, who then logs in with the TOTP secret shown once; a role sees only its own
// menu and the server refuses it another role's endpoints.

const browserOf = useBrowser();

/** Opens the console already signed in with a staff token (the session the login screen stores). */
async function signedIn(username: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const token = tokens[username]!;
  const { context, page } = await openPage(browserOf());
  await useConsoleSession(context, token, await consoleStaff(baseUrl, token));
  await page.goto(`${baseUrl}/backoffice/${path}`);
  return { context, page };
}

const menuLinks = async (page: Page) => {
  const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
  await nav.getByRole('link').first().waitFor();
  return nav.getByRole('link').allTextContents();
};

describe('console: staff and audit', () => {
  it('the owner adds a staff user, sees the TOTP once, and that user logs in with it; audit and password pages pass axe', async () => {
    const { context, page } = await signedIn('owner', 'staff/users');
    await page.getByRole('heading', { name: 'พนักงานและสิทธิ์' }).waitFor();
    await page.getByRole('cell', { name: 'finance', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const username = `e2e.${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'เพิ่มพนักงาน' }).first().click();
    await page.getByLabel('ชื่อผู้ใช้ (ตัวพิมพ์เล็กภาษาอังกฤษ ตัวเลข จุด ขีด)').fill(username);
    await page.getByRole('form', { name: 'เพิ่มพนักงาน' }).getByLabel('บทบาท').selectOption('content');
    await page.getByLabel('รหัสผ่านเริ่มต้น (อย่างน้อย 10 ตัวอักษร)').fill('console-e2e-pass-1');
    await page.getByRole('form', { name: 'เพิ่มพนักงาน' }).getByRole('button', { name: 'เพิ่มพนักงาน' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'เพิ่ม', exact: true }).click();
    const secretCell = page.getByTestId('totp-secret');
    await secretCell.waitFor();
    const secret = (await secretCell.textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect
      .poll(() => page.getByRole('img', { name: new RegExp(username.replace('.', '\\.')) }).count())
      .toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'บันทึกแล้ว ปิดรหัสนี้' }).click();
    await expect.poll(() => secretCell.count()).toBe(0);
    await page.getByRole('cell', { name: username, exact: true }).waitFor();

    // The audit log shows the creation; the chain checks out.
    await page.goto(`${baseUrl}/backoffice/staff/audit`);
    await page.getByLabel('การกระทำ').selectOption('staff.create');
    await page.getByRole('button', { name: 'ค้นหา' }).click();
    await page.getByRole('cell', { name: 'เพิ่มพนักงาน' }).first().waitFor();
    await page.getByRole('cell', { name: 'พนักงาน #' }).first().waitFor();
    await page.getByRole('button', { name: 'ตรวจสอบห่วงโซ่' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'ห่วงโซ่ถูกต้อง' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    // The new user logs in through the login screen with a code from the shown secret.
    const fresh = await openPage(browserOf());
    await fresh.page.goto(`${baseUrl}/backoffice/login`);
    await fresh.page.getByLabel('ชื่อผู้ใช้').fill(username);
    await fresh.page.getByLabel('รหัสผ่าน').fill('console-e2e-pass-1');
    await fresh.page.getByRole('button', { name: 'ถัดไป' }).click();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    await fresh.page.getByLabel('รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน').fill(totp.generate());
    await fresh.page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    const links = await menuLinks(fresh.page);
    expect(links).toContain('เปลี่ยนรหัสผ่าน');
    expect(links).not.toContain('พนักงานและสิทธิ์');
    expect(links).not.toContain('ค่ายเกมและรายการเกม');
    await fresh.page
      .getByRole('navigation', { name: 'เมนูหลัก' })
      .getByRole('link', { name: 'เปลี่ยนรหัสผ่าน' })
      .click();
    await fresh.page.getByRole('heading', { name: 'เปลี่ยนรหัสผ่าน' }).waitFor();
    expect(await seriousViolations(fresh.page)).toEqual([]);
    await fresh.context.close();
  }, 120_000);

  it('a role sees only its menu and gets 403 from another role’s endpoints (content, lotto)', async () => {
    for (const role of ['content', 'lotto'] as const) {
      const { context, page } = await signedIn(role, '');
      const links = await menuLinks(page);
      for (const forbidden of ['พนักงานและสิทธิ์', 'บันทึกการใช้งาน', 'กระทบยอดบัญชี', 'ค่ายเกมและรายการเกม']) {
        expect(links, role).not.toContain(forbidden);
      }
      expect(links, role).toContain('เปลี่ยนรหัสผ่าน');
      // Typed straight into the address bar: the page refuses too.
      await page.goto(`${baseUrl}/backoffice/staff/reconciliation`);
      await page.getByText('ไม่มีสิทธิ์เข้าถึงหน้านี้').waitFor();
      await context.close();
      for (const path of [
        '/api/admin/payments/deposits',
        '/api/admin/ledger/reconciliation',
        '/api/admin/staff',
        '/api/admin/audit',
      ]) {
        const r = await call(baseUrl, path, { token: tokens[role] });
        expect(r.status, `${role} ${path}`).toBe(403);
      }
    }
  }, 120_000);

  it('the games pages and the reconciliation report render for the owner without axe violations', async () => {
    const { context, page } = await signedIn('owner', 'games/catalogue');
    await page.getByRole('cell', { name: 'ช้างทอง', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${baseUrl}/backoffice/games/seeds`);
    await page.getByRole('heading', { name: 'เมล็ดสุ่มเกมของเว็บ' }).waitFor();
    await page.getByRole('table').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${baseUrl}/backoffice/games/rounds`);
    await page.getByRole('heading', { name: 'รอบเกมล่าสุด' }).waitFor();
    await page.getByRole('table').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${baseUrl}/backoffice/staff/reconciliation`);
    await page.getByText('บัญชีสมาชิกที่ตรวจ').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
