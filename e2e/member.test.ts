import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { DEMO, loginThroughForm, signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, skipAnnouncements, storedToken } from './page.ts';
import { call } from './staff.ts';

const browserOf = useBrowser();

describe('a member logs in and out', () => {
  it('shows the total of all wallets in the header chip, Thai-formatted', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await loginThroughForm(page, baseUrl, DEMO.rich);
    // 5,000.00 main + 300.00 bonus + 50.00 free credit.
    await expect.poll(() => page.getByTestId('wallet-total').textContent()).toBe('5,350.00');
    await expect.poll(() => page.getByRole('link', { name: 'ติดต่อเรา' }).count()).toBe(0);
    await context.close();
  });

  it('refreshes the wallets from the chip, and toasts the error for 3 s when that fails', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    // 0811111111's balance is never changed by any e2e file (lotto and games play with 0822222222).
    await signIn(page, baseUrl, DEMO.rich);
    await expect.poll(() => page.getByTestId('wallet-total').textContent()).toBe('5,350.00');

    const reloaded = page.waitForResponse((r) => r.url().endsWith('/api/member/wallets'));
    await page.getByRole('button', { name: 'รีเฟรชยอดเงิน' }).click();
    expect((await reloaded).status()).toBe(200);

    await page.route('**/api/member/wallets', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ error: 1006, message: 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง', data: null }),
      }),
    );
    await page.getByRole('button', { name: 'รีเฟรชยอดเงิน' }).click();
    const toast = page.getByText('ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง');
    await toast.waitFor();
    // The toasts' region is named in Thai (sonner's own name is "Notifications alt+T").
    const region = await page.locator('section[aria-live]').getAttribute('aria-label');
    expect(region?.trim()).toBe('การแจ้งเตือน');
    await toast.waitFor({ state: 'detached', timeout: 6000 });
    await context.close();
  });

  it('opens the member menu, confirms log-out with the exact texts and toasts ออกจากระบบเรียบร้อย', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.rich);
    await page.getByRole('button', { name: 'เมนูสมาชิก' }).click();
    const menu = page.getByTestId('member-menu');
    for (const label of ['ข้อมูลส่วนตัว', 'แนะนำเพื่อน', 'ภารกิจ', 'หมุนกงล้อ', 'ประวัติการเงิน', 'สูตรบาคาร่า']) {
      await menu.getByRole('button', { name: label }).waitFor();
    }
    // Persistent: Escape leaves it open.
    await page.keyboard.press('Escape');
    expect(await menu.getByRole('button', { name: 'ออกจากระบบ' }).isVisible()).toBe(true);

    await menu.getByRole('button', { name: 'ออกจากระบบ' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByRole('heading', { name: 'หมายเหตุ' }).waitFor();
    expect(await menu.isVisible()).toBe(false);
    await confirm.getByRole('button', { name: 'ยังอยู่กับเรา' }).waitFor();

    await confirm.getByRole('button', { name: 'ใช่แล้ว' }).click();
    await page.getByText('ออกจากระบบเรียบร้อย').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'ติดต่อเรา' }).waitFor();
    expect(await page.getByTestId('wallet-total').count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('a menu choice goes to its page and closes the menu', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.rich);
    await page.getByRole('button', { name: 'เมนูสมาชิก' }).click();
    await page.getByTestId('member-menu').getByRole('button', { name: 'ข้อมูลส่วนตัว' }).click();
    await page.waitForURL(`${baseUrl}/member/profile`);
    await expect.poll(() => page.getByTestId('profile-phone').textContent()).toBe(DEMO.rich.phone);
    expect(await page.getByTestId('member-menu').isVisible()).toBe(false);
    await context.close();
  });

  it('shows the Thai error for a wrong password and stays logged out', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill(DEMO.empty.phone);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill('not-the-password');
    await page.locator('form').getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.getByRole('alert').filter({ hasText: 'เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('sends the member to /login when the token is revoked server-side', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.small);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const revoked = await call(baseUrl, '/api/logout', { method: 'POST', body: '{}', token: token! });
    expect(revoked.body.error).toBe(0);

    await page.getByRole('button', { name: 'รีเฟรชยอดเงิน' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'เข้าสู่ระบบ' }).waitFor();
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('lists the seeded เครดิตทดลอง rows on the statement page and filters by kind', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.rich, '/member/statement');
    const rows = page.getByTestId('statement-list').getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.filter({ hasText: 'เครดิตทดลอง' }).count()).toBe(3);
    await page.getByText('+5,000.00').waitFor();
    await page.getByText('ทั้งหมด 3 รายการ').waitFor();

    await page.getByLabel('ประเภทรายการ').selectOption('withdraw');
    await page.getByText('ไม่พบรายการในช่วงที่เลือก').waitFor();
    expect(new URL(page.url()).searchParams.get('kind')).toBe('withdraw');
    await context.close();
  });
});
