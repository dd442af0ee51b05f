import type { Locator, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';
import { call, type RegisteredMember, registerMember, staffLogin } from './staff.ts';

const browserOf = useBrowser();
let finance: string;
let support: string;

/** Staff `finance` (payments' operator), logged in once for this file; a spent TOTP step is skipped. */

/** A member registered through the API with the OTP from the outbox (never the shared demo members). */
function freshMember(): Promise<RegisteredMember> {
  return registerMember(baseUrl, support, {
    bankCode: '014',
    accountPrefix: '6',
    accountName: (phone) => `ฝากถอน ทดสอบ${phone.slice(-4)}`,
  });
}

/** The ticket shows a decoded PNG QR (not a broken or empty image). */
async function qrShown(ticket: Locator): Promise<void> {
  const qr = ticket.getByRole('img', { name: /QR พร้อมเพย์/ });
  await qr.waitFor();
  await expect
    .poll(() =>
      qr.evaluate((img: HTMLImageElement) => ({
        png: img.src.startsWith('data:image/png;base64,'),
        decoded: img.complete && img.naturalWidth > 0,
      })),
    )
    .toEqual({ png: true, decoded: true });
}

/** Waits for a status poll's answer to arrive and for the page to have rendered it. */
async function afterPoll(page: Page, poll: Promise<Response>): Promise<void> {
  const response = await poll;
  expect(response.status()).toBe(200);
  await response.finished();
  // The query cache notifies on a macrotask; two frames later React has committed the new data.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** The element's top edge lies inside the visible viewport. */
function topInViewport(el: Locator): Promise<boolean> {
  return el.evaluate((node) => {
    const top = node.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight;
  });
}

const satangOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

beforeAll(async () => {
  support = await staffLogin(baseUrl, 'support');
  finance = await staffLogin(baseUrl, 'finance');
});

describe('money in and out through the member site', () => {
  it('deposits by QR, paid through the sandbox: the status turns paid and the wallet chip rises; then a withdrawal goes pending → paid', async () => {
    const member = await freshMember();
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill(member.phone);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill(member.password);
    await page.locator('form').getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.waitForURL(`${baseUrl}/`);
    const chip = page.getByTestId('wallet-total');
    await expect.poll(() => chip.textContent()).toBe('0.00');
    const before = satangOf(await chip.textContent());

    // The mobile deposit button leads to the deposit page.
    await page.getByTestId('mobile-bar').getByRole('link', { name: 'ฝากเงิน' }).click();
    await page.waitForURL(`${baseUrl}/member/deposit`);
    await page.getByText('QR ชำระผ่านเกตเวย์').click();
    await page.getByLabel('ยอดฝาก (บาท)').fill('500');
    await page.getByRole('button', { name: 'สร้าง QR ชำระเงิน' }).click();

    const ticket = page.getByTestId('deposit-ticket');
    await expect.poll(() => ticket.getByTestId('deposit-status').textContent()).toBe('รอชำระเงิน');
    await ticket.getByText('โอนให้ตรงยอด').waitFor();
    await ticket.getByRole('img', { name: /QR พร้อมเพย์/ }).waitFor();
    await expect.poll(() => ticket.getByTestId('countdown').textContent()).toMatch(/^1[45]:\d\d$/);
    const pay = satangOf(await ticket.getByTestId('pay-amount').textContent());
    expect(pay).toBeGreaterThan(500_00);
    expect(pay).toBeLessThan(501_00);

    // The sandbox gateway pays from outside the page; the page learns it live.
    const open = await call<{ gateway_ref: string }>(baseUrl, '/api/member/payment/qrcode_info', {
      token: member.token,
    });
    const paid = await call(baseUrl, `/api/sandbox/payments/${open.body.data.gateway_ref}/pay`, {
      method: 'POST',
      body: '{}',
    });
    expect(paid.body.error).toBe(0);
    await expect
      .poll(() => ticket.getByTestId('deposit-status').textContent(), { timeout: 15_000 })
      .toBe('สำเร็จ');
    await ticket.getByText('ฝากเงินสำเร็จ').waitFor();
    await expect.poll(async () => satangOf(await chip.textContent()), { timeout: 15_000 }).toBe(before + pay);

    // Withdraw to the registered account: pending, then paid once the operator approves.
    await page.getByTestId('mobile-bar').getByRole('link', { name: 'ถอนเงิน' }).click();
    await page.waitForURL(`${baseUrl}/member/withdraw`);
    await expect.poll(() => page.getByTestId('withdrawable').textContent()).toContain((pay / 100).toFixed(2));
    await page.getByText('โอนเข้าบัญชีที่ลงทะเบียนไว้เท่านั้น').waitFor();
    await page.getByLabel('ยอดถอน (บาท)').fill('200');
    await page.getByRole('button', { name: 'ยืนยันการถอน' }).click();
    const status = page.getByTestId('withdrawal-status').first();
    await expect.poll(() => status.textContent()).toBe('รอดำเนินการ');
    await expect.poll(async () => satangOf(await chip.textContent())).toBe(before + pay - 200_00);

    const queue = await call<{ items: { id: number; member: { phone: string } }[] }>(
      baseUrl,
      `/api/admin/payments/withdrawals?status=pending&phone=${member.phone}`,
      { token: finance },
    );
    const mine = queue.body.data.items.find((w) => w.member.phone === member.phone);
    expect(mine).toBeDefined();
    const approved = await call<{ status: string }>(
      baseUrl,
      `/api/admin/payments/withdrawals/${mine!.id}/approve`,
      {
        method: 'POST',
        token: finance,
        // The first payout: the name the bank shows for the account is checked (docs/rules/payments.md §4).
        body: JSON.stringify({
          bank_ref: 'SCB-E2E-0001',
          bank_account_name: `นาย ฝากถอน ทดสอบ${member.phone.slice(-4)}`,
        }),
      },
    );
    expect(approved.body.data.status).toBe('paid');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('ถอนสำเร็จ');
    expect(satangOf(await chip.textContent())).toBe(before + pay - 200_00);
    await context.close();
  });

  it('keeps the QR shown after a status poll, on /member/deposit and /member/payment, and scrolls the new ticket into view on a phone', async () => {
    const member = await freshMember();
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, member, '/member/deposit');
    await page.getByText('QR ชำระผ่านเกตเวย์').click();
    await page.getByLabel('ยอดฝาก (บาท)').fill('300');
    const firstPoll = page.waitForResponse((r) => r.url().includes('/api/member/payment/inquiry_status'), {
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'สร้าง QR ชำระเงิน' }).click();

    const ticket = page.getByTestId('deposit-ticket');
    await qrShown(ticket);
    // The submit button sat at the bottom of a long form: the ticket is brought into the viewport.
    await expect.poll(() => topInViewport(ticket)).toBe(true);

    // The status poll leaves the image out; the QR it came with stays.
    await afterPoll(page, firstPoll);
    await qrShown(ticket);

    // The payment page loads the open request (with its image), then polls it the same way.
    const paymentPoll = page.waitForResponse((r) => r.url().includes('/api/member/payment/inquiry_status'), {
      timeout: 20_000,
    });
    await page.goto(`${baseUrl}/member/payment`);
    await qrShown(ticket);
    await afterPoll(page, paymentPoll);
    await qrShown(ticket);
    await context.close();
  });

  it('the header deposit button opens the deposit page', async () => {
    const member = await freshMember();
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill(member.phone);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill(member.password);
    await page.locator('form').getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('.wallet-chip').getByRole('link', { name: 'ฝากเงิน' }).click();
    await page.waitForURL(`${baseUrl}/member/deposit`);
    await page.getByText('1. เลือกช่องทางฝาก').waitFor();
    await context.close();
  });
});
