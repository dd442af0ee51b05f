import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { consoleStaff, loginConsole, useConsoleSession } from './console.ts';
import { signIn } from './journeys.ts';
import { baseUrl, databaseUrl, staffTokens } from './lane.ts';
import { DESKTOP, openPage, PHONE, skipAnnouncements } from './page.ts';
import { call, type RegisteredMember, registerMember } from './staff.ts';

const browserOf = useBrowser();

const satangOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

/** A member registered through the API with the OTP from the outbox. */
function freshMember(): Promise<RegisteredMember> {
  return registerMember(baseUrl, staffTokens.support!, {
    bankCode: '014',
    accountPrefix: '5',
    accountName: (phone) => `คอนโซล ทดสอบ${phone.slice(-4)}`,
  });
}

async function axeClean(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}

/** The number a header counter shows. */
const counter = (page: Page, key: string) =>
  page
    .locator(`[data-counter="${key}"] strong`)
    .textContent()
    .then((t) => Number((t ?? '').replace(/[^\d]/g, '')));

let consolePage: Page;
let memberPage: Page;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  const admin = await openPage(browserOf(), DESKTOP);
  const member = await openPage(browserOf(), PHONE);
  await skipAnnouncements(member.context);
  consolePage = admin.page;
  memberPage = member.page;
  closeAll = async () => {
    await admin.context.close();
    await member.context.close();
  };
});
afterAll(async () => {
  await closeAll?.();
});

describe('the operator console: finance works the payments queues', () => {
  it('logs in with password then TOTP, confirms a deposit and pays a withdrawal; the member sees the money move', async () => {
    const m = await freshMember();
    // The deposit page follows the member's payments live (and the wallet chip with them).
    await signIn(memberPage, baseUrl, m, '/member/deposit');
    const chip = memberPage.getByTestId('wallet-total');
    await expect.poll(() => chip.textContent()).toBe('0.00');

    // The login screen, step by step (axe on the first step), then the console of the finance role.
    await consolePage.goto(`${baseUrl}/backoffice/`);
    await consolePage.waitForURL(`${baseUrl}/backoffice/login`);
    await consolePage.getByRole('heading', { name: 'เข้าสู่ระบบหลังบ้าน' }).waitFor();
    await axeClean(consolePage, 'login');
    await loginConsole(consolePage, baseUrl, 'finance');
    const menu = consolePage.getByRole('navigation', { name: 'เมนูหลัก' });
    await menu.getByRole('link', { name: 'รายการฝาก' }).waitFor();
    // Finance sees the payments pages, and none of the lottery's, the content's or the owner's.
    const links = await menu.getByRole('link').allTextContents();
    expect(links).toEqual(
      expect.arrayContaining(['รายการฝาก', 'รายการถอน', 'นำเข้า Statement', 'บัญชีรับเงิน', 'ตั้งค่าการเงิน']),
    );
    for (const other of [
      'งวดหวย',
      'หวยยี่กี',
      'ประกาศ',
      'แบนเนอร์',
      'ค่ายเกมและรายการเกม',
      'พนักงานและสิทธิ์',
      'บันทึกการใช้งาน',
    ]) {
      expect(links).not.toContain(other);
    }

    // The deposit queue; the header counter rises live when the member asks to deposit.
    await menu.getByRole('link', { name: 'รายการฝาก' }).click();
    await consolePage.getByRole('heading', { name: 'รายการฝาก' }).waitFor();
    await consolePage.locator('[data-counter="deposits"]').waitFor();
    // The queue is open on this member before the request exists: the new row appears live.
    await consolePage.getByLabel('เบอร์โทรสมาชิก').fill(m.phone);
    await consolePage.getByRole('button', { name: 'ค้นหา' }).click();
    const waitingBefore = await counter(consolePage, 'deposits');
    const qr = await call<{ request_id: number; pay_amount: string }>(
      baseUrl,
      '/api/member/payment/generate_qr',
      {
        method: 'POST',
        token: m.token,
        body: JSON.stringify({ channel_id: 1, amount: 300 }),
      },
    );
    expect(qr.body.error, qr.body.message).toBe(0);
    await expect.poll(() => counter(consolePage, 'deposits')).toBe(waitingBefore + 1);

    const row = consolePage.getByRole('row', { name: new RegExp(`^#${qr.body.data.request_id}\\s`) });
    await row.waitFor();
    await axeClean(consolePage, 'deposits');
    await row.getByRole('button', { name: 'ยืนยัน' }).click();
    const dialog = consolePage.getByRole('dialog', { name: 'ยืนยันรายการฝาก' });
    await dialog.waitFor();
    // Required: an empty reference is refused on the form.
    await dialog.getByRole('button', { name: 'ยืนยันรับเงิน' }).click();
    await dialog.getByText('กรุณากรอกข้อมูลนี้').waitFor();
    await dialog.getByLabel('เลขอ้างอิงธนาคาร').fill(`E2E${qr.body.data.request_id}`);
    await dialog.getByRole('button', { name: 'ยืนยันรับเงิน' }).click();
    await consolePage.getByText('ยืนยันรายการฝากแล้ว เครดิตเข้ากระเป๋าสมาชิกแล้ว').waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Paid: it leaves the queue of waiting deposits, and the header counter falls back.
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => counter(consolePage, 'deposits')).toBe(waitingBefore);

    // The member's wallet chip rises by the amount paid, live.
    const paid = satangOf(qr.body.data.pay_amount);
    await expect.poll(async () => satangOf(await chip.textContent()), { timeout: 15_000 }).toBe(paid);

    // The member withdraws 200: the chip drops (held), and the withdrawal waits in the queue.
    const w = await call<{ id: number }>(baseUrl, '/api/member/withdraw', {
      method: 'POST',
      token: m.token,
      body: JSON.stringify({ amount: 200 }),
    });
    expect(w.body.error, w.body.message).toBe(0);
    await expect
      .poll(async () => satangOf(await chip.textContent()), { timeout: 15_000 })
      .toBe(paid - 200_00);

    await menu.getByRole('link', { name: 'รายการถอน' }).click();
    await consolePage.getByRole('heading', { name: 'รายการถอน' }).waitFor();
    await consolePage.getByLabel('เบอร์โทรสมาชิก').fill(m.phone);
    await consolePage.getByRole('button', { name: 'ค้นหา' }).click();
    const wrow = consolePage.getByRole('row', { name: new RegExp(`^#${w.body.data.id}\\s`) });
    await wrow.getByText('จ่ายครั้งแรก ต้องตรวจชื่อ').waitFor();
    await axeClean(consolePage, 'withdrawals');
    await wrow.getByRole('button', { name: 'จ่ายแล้ว' }).click();
    const pay = consolePage.getByRole('dialog', { name: 'ยืนยันการจ่ายเงินถอน' });
    await pay.getByLabel('เลขอ้างอิงการโอนของธนาคาร').fill(`PAY${w.body.data.id}`);
    // The first payout to the account: the name the bank shows, checked against the registered one.
    await pay.getByLabel('ชื่อบัญชีตามที่ธนาคารแสดง').fill('ชื่ออื่น ไม่ตรง');
    await pay.getByRole('button', { name: 'ยืนยันจ่ายแล้ว' }).click();
    await consolePage.getByText(/ไม่ตรง/).first().waitFor();
    expect(await pay.isVisible()).toBe(true);
    await pay.getByLabel('ชื่อบัญชีตามที่ธนาคารแสดง').fill(m.accountName);
    await pay.getByRole('button', { name: 'ยืนยันจ่ายแล้ว' }).click();
    await consolePage.getByText('บันทึกการจ่ายเงินแล้ว').waitFor();
    await wrow.waitFor({ state: 'detached' });
    const list = await call<{ id: number; status: string }[]>(baseUrl, '/api/member/withdraw/list', {
      token: m.token,
    });
    expect(list.body.data.find((x) => x.id === w.body.data.id)?.status).toBe('paid');

    // The other payments pages render clean, in both themes.
    for (const [link, heading] of [
      ['นำเข้า Statement', 'นำเข้า Statement'],
      ['บัญชีรับเงิน', 'บัญชีรับเงิน'],
      ['ตั้งค่าการเงิน', 'ตั้งค่าการเงิน'],
    ] as const) {
      await menu.getByRole('link', { name: link }).click();
      await consolePage.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await consolePage.locator('table tbody tr').first().waitFor();
      await axeClean(consolePage, link);
    }
    await consolePage.getByRole('button', { name: 'ธีมสว่าง' }).click();
    await expect.poll(() => consolePage.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await axeClean(consolePage, 'settings, light theme');
    await consolePage.reload();
    await consolePage.getByRole('heading', { name: 'ตั้งค่าการเงิน', level: 1 }).waitFor();
    expect(await consolePage.evaluate(() => document.documentElement.dataset.theme)).toBe('light');

    // Logout goes back to the login screen.
    await consolePage.getByRole('button', { name: 'ออกจากระบบ' }).click();
    await consolePage.waitForURL(`${baseUrl}/backoffice/login`);
  }, 180_000);

  it('an unmatched statement line is assigned to a member found by search, not by a typed id', async () => {
    const m = await freshMember();
    const finance = staffTokens.finance!;
    const accounts = await call<{ id: number }[]>(baseUrl, '/api/admin/content/bank_accounts', {
      token: finance,
    });
    const account = accounts.body.data[0]!;
    // A transfer nobody requested (no QR), from the member's account as banks print it: masked.
    const postedAt = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const ref = `PICK-${m.phone}`;
    const imported = await call<{ unmatched: number }>(baseUrl, '/api/admin/payments/statements/import', {
      method: 'POST',
      token: finance,
      body: JSON.stringify({
        account_kind: 'bank',
        account_id: account.id,
        template: 'generic',
        file_name: 'picker.csv',
        content: [
          'posted_at,amount,direction,counterparty,bank_ref',
          `${postedAt},137.00,in,xxxxxx${m.phone.slice(-4)},${ref}`,
        ].join('\n'),
      }),
    });
    expect(imported.body.data.unmatched).toBe(1);

    // A console of its own, already logged in with the lane's finance session (no second TOTP login).
    const { context, page } = await openPage(browserOf(), DESKTOP);
    await useConsoleSession(context, finance, await consoleStaff(baseUrl, finance));
    try {
      await page.goto(`${baseUrl}/backoffice/payments/statements`);
      const row = page.locator('table tbody tr', { hasText: ref });
      await row.getByRole('button', { name: 'กำหนดให้สมาชิก' }).click();
      const dialog = page.getByRole('dialog', { name: 'กำหนดรายการให้สมาชิก' });
      // Confirming without a choice asks for one.
      await dialog.getByRole('button', { name: 'กำหนดและเติมเครดิต' }).click();
      await dialog.getByText('กรุณาเลือกสมาชิก').waitFor();
      // The search starts from the digits the bank shows of the sending account and finds the member.
      expect(await dialog.getByRole('searchbox').inputValue()).toBe(m.phone.slice(-4));
      const choice = dialog.getByRole('radio', { name: new RegExp(m.phone) });
      await choice.check();
      await axeClean(page, 'assign dialog with the member picker');
      await dialog.getByRole('button', { name: 'กำหนดและเติมเครดิต' }).click();
      await page.getByText('กำหนดรายการและเติมเครดิตแล้ว').waitFor();
      const wallets = await call<{ wallet_type_id: number; balance: string }[]>(
        baseUrl,
        '/api/member/wallets',
        {
          method: 'POST',
          token: m.token,
          body: '{}',
        },
      );
      expect(satangOf(wallets.body.data.find((w) => w.wallet_type_id === 1)?.balance ?? null)).toBe(13_700);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the owner changes a deposit channel and adds and switches off a PromptPay ID, by clicking', async () => {
    const owner = staffTokens.owner!;
    const { context, page } = await openPage(browserOf(), DESKTOP);
    await useConsoleSession(context, owner, await consoleStaff(baseUrl, owner));
    try {
      // A channel's limits: edited, shown, and put back.
      await page.goto(`${baseUrl}/backoffice/payments/settings`);
      const channels = page.getByRole('region', { name: 'ช่องทางฝาก' });
      const first = channels.locator('tbody tr').first();
      await first.waitFor();
      const maxBefore = (await first.locator('td').nth(2).textContent())!.trim();
      const setMax = async (baht: string) => {
        await first.getByRole('button', { name: 'แก้ไขยอด' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('ยอดฝากสูงสุด (บาท)').fill(baht);
        await dialog.getByRole('button', { name: 'บันทึก' }).click();
        await page.getByText('บันทึกยอดฝากของช่องทางแล้ว').first().waitFor();
      };
      await setMax('123456');
      await expect.poll(() => first.locator('td').nth(2).textContent()).toBe('123,456.00');
      await setMax(String(Number(maxBefore.replace(/,/g, ''))));
      await expect.poll(() => first.locator('td').nth(2).textContent()).toBe(maxBefore);
      // Switched off and on again, each after a confirmation.
      await first.getByRole('button', { name: 'ปิดช่องทาง' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'ปิดช่องทาง' }).click();
      await first.getByText('ปิด', { exact: true }).waitFor();
      await first.getByRole('button', { name: 'เปิดช่องทาง' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'เปิดช่องทาง' }).click();
      await first.getByText('เปิด', { exact: true }).waitFor();

      // A PromptPay ID to a receiving bank account picked from a list, then switched off. The list is
      // the page's read of the bank accounts, held back here: until it has come, the button waits
      // (an empty list taken into the dialog could not be filled later).
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/admin/content/bank_accounts', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl}/backoffice/payments/accounts`);
      const addButton = page.getByRole('button', { name: 'เพิ่มพร้อมเพย์' });
      await page.getByText('กำลังโหลดบัญชีธนาคารรับเงิน…').waitFor();
      expect(await addButton.isDisabled()).toBe(true);
      release();
      await addButton.click();
      await page.unroute('**/api/admin/content/bank_accounts');
      const add = page.getByRole('dialog', { name: 'เพิ่มพร้อมเพย์' });
      const proxy = `08${String(Date.now()).slice(-8)}`;
      await add.getByLabel('หมายเลขพร้อมเพย์').fill(proxy);
      await add.getByLabel('ชื่อบัญชี').fill('บริษัท ทดสอบ จำกัด');
      expect(
        await add.getByRole('combobox', { name: 'บัญชีธนาคารรับเงิน' }).locator('option').count(),
      ).toBeGreaterThan(0);
      await axeClean(page, 'add PromptPay dialog');
      await add.getByRole('button', { name: 'เพิ่ม', exact: true }).click();
      await page.getByText('เพิ่มพร้อมเพย์แล้ว').waitFor();
      const row = page.getByRole('region', { name: 'พร้อมเพย์' }).locator('tbody tr', { hasText: proxy });
      await row.getByText('เปิด', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'ปิด' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'ปิด', exact: true }).click();
      await row.getByText('ปิด', { exact: true }).first().waitFor();
      await expect.poll(() => row.getByRole('button').textContent()).toBe('เปิด');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a reconciliation freeze shows in the header, and finance clears it with a note on its page', async () => {
    const m = await freshMember();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO member_withdrawal_freeze (member_id, reason)
         SELECT id, 'reconciliation' FROM member WHERE phone = $1`,
        [m.phone],
      );
    } finally {
      await db.end();
    }
    await consolePage.goto(`${baseUrl}/backoffice/`);
    await loginConsole(consolePage, baseUrl, 'finance');
    await expect.poll(() => counter(consolePage, 'freezes')).toBeGreaterThan(0);
    await consolePage.locator('[data-counter="freezes"]').click();
    await consolePage.getByRole('heading', { name: 'ระงับการถอนเงิน', level: 1 }).waitFor();
    const row = consolePage.getByTestId('freezes').locator('tr', { hasText: m.phone });
    await row.waitFor();
    await axeClean(consolePage, 'freezes');
    await row.getByRole('button', { name: 'ปลดการระงับ' }).click();
    await consolePage.getByLabel('หมายเหตุการตรวจสอบ').fill('ตรวจยอดกับรายการบัญชีแล้ว ตรงกัน');
    await consolePage.getByRole('dialog').getByRole('button', { name: 'ปลดการระงับ' }).click();
    await consolePage.getByText('ปลดการระงับถอนเงินแล้ว').waitFor();
    await row.waitFor({ state: 'detached' });
    const wd = await call(baseUrl, '/api/member/withdraw', {
      method: 'POST',
      token: m.token,
      body: JSON.stringify({ amount: 100 }),
    });
    expect(wd.body.message).not.toContain('ระงับการถอนชั่วคราว');
  }, 120_000);
});
