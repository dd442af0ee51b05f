import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';
import { call, type RegisteredMember, registerMember, staffLogin } from './staff.ts';

/**
 * Promotions and coupons through the member site at phone width (docs/rules/engagement.md §1–§2):
 * a promotion picked on /promotions rides into the deposit, play from the bonus wallet shows as
 * turnover on /member/promotions; a coupon redeemed on /member/coupon lands in the wallet chip.
 */
const browserOf = useBrowser();
let support: string;
let content: string;

beforeAll(async () => {
  support = await staffLogin(baseUrl, 'support');
  content = await staffLogin(baseUrl, 'content');
});

/** A member registered through the API (OTP from the outbox) with a name no one else has (G5). */
function freshMember(): Promise<RegisteredMember> {
  return registerMember(baseUrl, support, {
    bankCode: '004',
    accountPrefix: '5',
    accountName: (phone) => `โปรโม ทดสอบ${phone.slice(-4)}`,
  });
}

/** "1,350.00" → 135000 satang. */
const satangOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

async function expectAxeClean(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
}

describe('promotions and coupons on the member site', () => {
  it('picks a promotion on /promotions, deposits with it, plays from the bonus wallet and sees the turnover', async () => {
    const member = await freshMember();
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, member, '/promotions');
    const card = page.getByTestId('promotion-card').filter({ hasText: 'สมาชิกใหม่ รับโบนัส 50%' });
    await card.getByText('โบนัส 50% ของยอดฝาก สูงสุด 500 บาท').waitFor();
    await card.getByText('ทำเทิร์น 5 เท่าของ (ยอดฝาก + โบนัส)').waitFor();
    await card.getByText('รับได้', { exact: true }).waitFor();
    // A promotion that is no deposit bonus says so instead of offering a pick.
    await page
      .getByTestId('promotion-card')
      .filter({ hasText: 'คืนยอดเสีย' })
      .getByText('โปรโมชั่นนี้ไม่ต้องเลือกตอนฝากเงิน')
      .waitFor();
    await expectAxeClean(page);

    await card.getByRole('link', { name: /รับโปรนี้ แล้วฝากเงิน: สมาชิกใหม่/ }).click();
    await page.waitForURL(/\/member\/deposit\?promotion=\d+$/);
    const option = page.getByRole('radio', { name: /สมาชิกใหม่ รับโบนัส 50%/ });
    await expect.poll(() => option.isChecked()).toBe(true);
    await page.getByText('QR ชำระผ่านเกตเวย์').click();
    await page.getByLabel('ยอดฝาก (บาท)').fill('100');
    await page.getByRole('button', { name: 'สร้าง QR ชำระเงิน' }).click();
    const ticket = page.getByTestId('deposit-ticket');
    await ticket.getByTestId('pay-amount').waitFor();
    const open = await call<{ gateway_ref: string; pay_amount: string }>(
      baseUrl,
      '/api/member/payment/qrcode_info',
      { token: member.token },
    );
    const paid = await call(baseUrl, `/api/sandbox/payments/${open.body.data.gateway_ref}/pay`, {
      method: 'POST',
      body: '{}',
    });
    expect(paid.body.error).toBe(0);
    await expect
      .poll(() => ticket.getByTestId('deposit-status').textContent(), { timeout: 15_000 })
      .toBe('สำเร็จ');
    await ticket.getByText('รับโปรโมชั่น: สมาชิกใหม่ รับโบนัส 50%').waitFor();
    const deposit = satangOf(open.body.data.pay_amount);
    const bonusWallet = deposit + Math.floor(deposit / 2);
    const chip = page.getByTestId('wallet-total');
    await expect.poll(async () => satangOf(await chip.textContent()), { timeout: 15_000 }).toBe(bonusWallet);

    // Play ช้างทอง from the bonus wallet: five spins of 5.00 count as 25.00 of turnover.
    await page.goto(`${baseUrl}/lobby/slot`);
    await page
      .locator('[data-testid="game-card"][data-game="golden-elephant"]')
      .last()
      .getByRole('button', { name: 'เล่นเลย' })
      .click();
    await page.getByRole('heading', { name: 'กรุณาเลือกกระเป๋าเงิน' }).waitFor();
    await page.getByRole('button', { name: /กระเป๋าโบนัส/ }).click();
    const game = page.frameLocator('iframe[title="ช้างทอง"]');
    const spin = game.getByRole('button', { name: 'หมุน' });
    for (let i = 0; i < 5; i++) {
      await spin.click();
      await expect.poll(() => spin.isEnabled(), { timeout: 20_000 }).toBe(true);
    }
    await page.getByTestId('game-launcher').getByRole('button', { name: 'ปิดเกม' }).click();

    await page.goto(`${baseUrl}/member/promotions`);
    const running = page.getByTestId('running-promotion');
    await running.getByRole('heading', { name: 'สมาชิกใหม่ รับโบนัส 50%' }).waitFor();
    const required = ((bonusWallet * 5) / 100).toLocaleString('th-TH', { minimumFractionDigits: 2 });
    await expect
      .poll(() => running.getByTestId('promotion-turnover').textContent())
      .toBe(`25.00 / ${required} ฿`);
    const bar = running.getByRole('progressbar', { name: 'ความคืบหน้าเทิร์นโอเวอร์' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(
      Math.floor((25_00 * 100) / (bonusWallet * 5)),
    );
    await page.getByTestId('promotion-history').getByText('กำลังใช้งาน').waitFor();
    await expectAxeClean(page);

    // Cancel, after seeing what comes back: min(bonus wallet, deposit) to main.
    await running.getByRole('button', { name: 'ยกเลิกโปรโมชั่น' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText(/ระบบจะคืน .* บาทเข้ากระเป๋าหลัก/).waitFor();
    await expectAxeClean(page);
    await dialog.getByRole('button', { name: 'ยืนยันยกเลิก' }).click();
    await page.getByText('ยังไม่มีโปรโมชั่นที่กำลังใช้งาน').waitFor();
    await page.getByTestId('promotion-history').getByText('ยกเลิกแล้ว').waitFor();
    const wallets = await call<{ wallet_type_id: number; balance: string }[]>(
      baseUrl,
      '/api/member/wallets',
      {
        method: 'POST',
        body: '{}',
        token: member.token,
      },
    );
    const main = satangOf(wallets.body.data.find((w) => w.wallet_type_id === 1)!.balance);
    expect(main).toBeGreaterThan(0);
    expect(main).toBeLessThanOrEqual(deposit);
    await expect.poll(async () => satangOf(await chip.textContent())).toBe(main);
    await context.close();
  });

  it('redeems a coupon on /member/coupon: the free credit shows in the wallet chip and the history', async () => {
    const created = await call<{ code: string }>(baseUrl, '/api/admin/coupons/campaigns', {
      method: 'POST',
      token: content,
      body: JSON.stringify({ title: 'คูปองต้อนรับ', amount: '20', quota: 5 }),
    });
    expect(created.body.error, created.body.message).toBe(0);
    const code = created.body.data.code;
    const member = await freshMember();
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, member, '/member/coupon');
    const chip = page.getByTestId('wallet-total');
    await expect.poll(() => chip.textContent()).toBe('0.00');
    await page.getByText('ยังไม่เคยใช้คูปอง').waitFor();
    await expectAxeClean(page);
    // A wrong code first: the server's Thai reason, nothing credited.
    await page.getByLabel('โค้ดคูปอง', { exact: true }).fill('ABCDEFGHJK');
    await page.getByRole('button', { name: 'ใช้คูปอง' }).click();
    await page.getByRole('alert').getByText('โค้ดคูปองไม่ถูกต้อง').waitFor();
    expect(await chip.textContent()).toBe('0.00');

    await page.getByLabel('โค้ดคูปอง', { exact: true }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'ใช้คูปอง' }).click();
    const result = page.getByTestId('coupon-result');
    await result.getByText('ได้รับ เครดิตฟรี 20.00 ฿').waitFor();
    await result.getByText('ได้รับเครดิตฟรี 20 บาท ทำเทิร์น 100 บาท ถอนได้สูงสุด 300 บาท').waitFor();
    await expect.poll(() => chip.textContent()).toBe('20.00');
    const history = page.getByTestId('coupon-history');
    await history.getByText(code).waitFor();
    await history.getByText('ได้รับเครดิตฟรีแล้ว').waitFor();
    await expectAxeClean(page);

    // Now the wallets hold 20 baht: a second code is refused by the balance rule.
    const other = await call<{ code: string }>(baseUrl, '/api/admin/coupons/campaigns', {
      method: 'POST',
      token: content,
      body: JSON.stringify({ title: 'คูปองที่สอง', amount: '10', quota: 5 }),
    });
    await page.getByLabel('โค้ดคูปอง', { exact: true }).fill(other.body.data.code);
    await page.getByRole('button', { name: 'ใช้คูปอง' }).click();
    await page.getByRole('alert').getByText('ใช้คูปองได้เมื่อยอดเงินทุกกระเป๋ารวมกันต่ำกว่า 5 บาทเท่านั้น').waitFor();
    expect(await chip.textContent()).toBe('20.00');
    await context.close();
  });
});
