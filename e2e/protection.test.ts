import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { signIn } from './journeys.ts';
import { baseUrl, databaseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';
import { call, type RegisteredMember, registerMember, staffLogin } from './staff.ts';

const browserOf = useBrowser();
let support: string;

/** A member registered through the API with the OTP from the outbox (never a shared demo member). */
function freshMember(): Promise<RegisteredMember> {
  return registerMember(baseUrl, support, {
    bankCode: '014',
    accountPrefix: '5',
    accountName: (phone) => `คุ้มครอง ทดสอบ${phone.slice(-4)}`,
  });
}

beforeAll(async () => {
  support = await staffLogin(baseUrl, 'support');
});

describe('player protection in the member site (docs/rules/protection.md)', () => {
  it('sets a daily deposit limit, is refused above it with the Thai reason, then takes a time-out and is logged out on every tab', async () => {
    const member = await freshMember();
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    // From the profile's section to the protection page.
    await signIn(page, baseUrl, member, '/member/profile');
    await page.getByRole('link', { name: 'ตั้งค่าการเล่นอย่างรับผิดชอบ' }).click();
    await page.waitForURL(`${baseUrl}/member/protection`);
    const day = page.getByTestId('limit-deposit-day');
    await day.getByLabel('วงเงินฝากสูงสุดต่อวัน (บาท)').fill('300');
    await day.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(() => day.textContent()).toContain('300.00 บาท');
    expect(await seriousViolations(page)).toEqual([]);

    // A deposit above it is refused, and the page says which limit and when it resets.
    await page.goto(`${baseUrl}/member/deposit`);
    await page.getByText('QR ชำระผ่านเกตเวย์').click();
    await page.getByLabel('ยอดฝาก (บาท)').fill('500');
    await page.getByRole('button', { name: 'สร้าง QR ชำระเงิน' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'วงเงินฝากสูงสุดรายวัน' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/300 บาท.*วงเงินเริ่มใหม่/);
    expect(await page.getByTestId('deposit-ticket').count()).toBe(0);

    // A second tab of the same browser, then a time-out from the first: both are logged out.
    const second = await context.newPage();
    await second.goto(`${baseUrl}/member/statement`);
    await second.getByTestId('wallet-total').waitFor();
    await page.goto(`${baseUrl}/member/protection`);
    // The 12-month table is wider than a phone: it scrolls in its own box, the page does not.
    await page.getByText('ประวัติบัญชี 12 เดือน').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'พัก 1 วัน' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'ยืนยันพักการเล่น' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('เริ่มพักการเล่น 1 วัน แล้ว').waitFor();
    expect(await page.getByTestId('wallet-total').count()).toBe(0);
    const old = await call(baseUrl, '/api/get_user_info', { token: member.token });
    expect(old.status).toBe(401);
    // The idle tab follows at once, without a reload or a call of its own.
    await second.waitForURL(`${baseUrl}/`);
    expect(await second.getByTestId('wallet-total').count()).toBe(0);

    // Logged in again, a deposit is refused for the time-out.
    const again = await call<{ access_token: string }>(baseUrl, '/api/login', {
      method: 'POST',
      body: JSON.stringify({ phone: member.phone, password: member.password }),
    });
    const refused = await call(baseUrl, '/api/member/payment/generate_qr', {
      method: 'POST',
      token: again.body.data.access_token,
      body: JSON.stringify({ channel_id: 3, sub_channel_id: 2, amount: 100 }),
    });
    expect(refused.body).toMatchObject({ error: 2552 });
    await context.close();
  });

  it('shows the reality check over a LINE page once the interval has passed since the login, with time played and the net result', async () => {
    const member = await freshMember();
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    const token = await signIn(page, baseUrl, member, '/member/protection');
    const on = await call(baseUrl, '/api/member/protection/reality_check', {
      method: 'POST',
      token,
      body: JSON.stringify({ minutes: 30 }),
    });
    expect(on.body.error).toBe(0);
    // The login was 30 minutes ago, less four seconds: the dialog is due four seconds from now.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(
        `UPDATE member_session SET created_at = now() - interval '30 minutes' + interval '4 seconds'
         WHERE member_id = (SELECT id FROM member WHERE phone = $1) AND revoked_at IS NULL`,
        [member.phone],
      );
    } finally {
      await db.end();
    }
    await page.goto(`${baseUrl}/liff/lotto`);
    const dialog = page.getByTestId('reality-check');
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toMatch(/คุณเล่นมาแล้ว 30 นาที/);
    expect(await page.getByTestId('reality-net').textContent()).toBe('ได้ 0.00 บาท');
    await dialog.getByRole('button', { name: 'เล่นต่อ' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
