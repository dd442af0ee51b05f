import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { openConsoleAs } from './console.ts';
import { DEMO, signIn } from './journeys.ts';
import { baseUrl, databaseUrl } from './lane.ts';
import { openPage, skipAnnouncements, storedToken } from './page.ts';
import { call, staffLogin } from './staff.ts';

/**
 * The console's lottery section: the owner closes a round early where a member has a bill; at its draw
 * time `lotto` enters the result after seeing the derived numbers, which alone pays nothing; the owner,
 * who cannot see lotto's numbers before entering their own, enters the same; settlement finishes, and
 * the member's bill shows won on the member site (docs/rules/lottery.md §6, §8).
 */

const browserOf = useBrowser();
let lotto: string;
let owner: string;

async function axeClean(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

beforeAll(async () => {
  lotto = await staffLogin(baseUrl, 'lotto');
  owner = await staffLogin(baseUrl, 'owner');
});

/** The round's draw time comes now (the test cannot wait for the schedule's). */
async function drawTimeNow(roundId: number): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `UPDATE lotto_round SET expected_result_at = greatest(close_at, clock_timestamp() - interval '1 second') WHERE id = $1`,
      [roundId],
    );
  } finally {
    await db.end();
  }
}

/** Types a lao result on the round page's result tab and checks it (the preview appears). */
async function checkResult(page: Page, number: string) {
  await page.getByRole('tab', { name: 'ผลรางวัล' }).click();
  await page.getByLabel('เลขที่ออก').fill(number);
  await page.getByRole('button', { name: 'ตรวจผล' }).click();
  const preview = page.locator('.result-preview');
  await preview.waitFor();
  return preview;
}

describe('the lottery section of the console', () => {
  it('the owner closes a round early; lotto and then the owner enter the same result after the preview; settlement finishes and the member’s bill shows won', async () => {
    // A Lao round of a day far ahead, opened now through the console's API; the member bets on it.
    const markets = await call<{ items: { market_id: number; code: string }[] }>(
      baseUrl,
      '/api/admin/lotto/markets?page_size=200',
      { token: lotto },
    );
    const lao = markets.body.data.items.find((m) => m.code === 'lao')!;
    const opened = await call<{ round_id: number; status: string }>(baseUrl, '/api/admin/lotto/rounds/open', {
      method: 'POST',
      token: lotto,
      body: JSON.stringify({ market_id: lao.market_id, business_date: '2031-07-15', reason: 'ทดสอบคอนโซล' }),
    });
    expect(opened.body.data.status).toBe('open');
    const roundId = opened.body.data.round_id;

    const member = await openPage(browserOf());
    await skipAnnouncements(member.context);
    await signIn(member.page, baseUrl, DEMO.small);
    const memberToken = (await storedToken(member.page))!;
    const bill = await call<{ bill: { bill_id: number } }>(baseUrl, '/api/lotto/bill/create', {
      method: 'POST',
      token: memberToken,
      body: JSON.stringify({
        agent_id: 34,
        round_id: roundId,
        wallet_id: 1,
        idempotency_key: crypto.randomUUID(),
        items: [
          { bet_type: 'two_bottom', number: '43', amount: 10 },
          { bet_type: 'two_top', number: '99', amount: 5 },
        ],
      }),
    });
    expect(bill.body.error).toBe(0);
    const billId = bill.body.data.bill.bill_id;

    const ownerStaff = await openPage(browserOf());
    await openConsoleAs(ownerStaff.context, baseUrl, owner);
    const ownerPage = ownerStaff.page;
    const staff = await openPage(browserOf());
    await openConsoleAs(staff.context, baseUrl, lotto);
    const page = staff.page;
    await page.goto(`${baseUrl}/backoffice/lotto/rounds/${roundId}`);
    await page.getByRole('heading', { level: 1, name: /หวยลาว 15 กรกฎาคม 2574/ }).waitFor();
    await axeClean(page);
    // Before the scheduled close the lotto account has no close button: that is the owner's.
    expect(await page.getByRole('button', { name: 'ปิดรับแทงทันที' }).count()).toBe(0);

    // The owner closes betting now, with a reason in the confirmation.
    await ownerPage.goto(`${baseUrl}/backoffice/lotto/rounds/${roundId}`);
    await ownerPage.getByRole('button', { name: 'ปิดรับแทงทันที' }).click();
    const ownerDialog = ownerPage.getByRole('dialog');
    await ownerDialog.getByLabel('เหตุผล').fill('ปิดรับเพื่อออกผล (ทดสอบ)');
    await ownerDialog.getByRole('button', { name: 'ปิดรับแทง' }).click();
    await ownerPage.getByText('ปิดรับแทงแล้ว').first().waitFor();
    await expect.poll(() => ownerPage.getByRole('heading', { level: 1 }).textContent()).toContain('ปิดรับแทง');
    await drawTimeNow(roundId);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /หวยลาว 15 กรกฎาคม 2574/ }).waitFor();

    // The result: the derived numbers and what the round pays are shown before anything is saved.
    const preview = await checkResult(page, '4321');
    const dialog = page.getByRole('dialog');
    expect(await preview.getByRole('row', { name: /2 ตัวล่าง/ }).textContent()).toContain('43');
    expect(
      await preview
        .getByRole('row', { name: /3 ตัวบน/ })
        .first()
        .textContent(),
    ).toContain('321');
    expect(await preview.textContent()).toContain('900.00');
    await axeClean(page);
    const saved = await call<{ status: string }>(baseUrl, `/api/lotto/result?round_id=${roundId}`);
    expect(saved.body.data.status).toBe('closed');

    // One person's entry pays nothing: it waits for a second side.
    await page.getByRole('button', { name: 'บันทึกผลรางวัล' }).click();
    await dialog.getByRole('button', { name: 'บันทึกผลของฉัน' }).click();
    await page
      .getByText(/บันทึกผลของคุณแล้ว รอเจ้าหน้าที่อีกคน/)
      .first()
      .waitFor();
    expect(
      (await call<{ status: string }>(baseUrl, `/api/lotto/result?round_id=${roundId}`)).body.data.status,
    ).toBe('closed');

    // The owner sees that lotto entered a result, but not its numbers, then enters the same.
    await ownerPage.reload();
    await ownerPage.getByRole('tab', { name: 'ผลรางวัล' }).click();
    await ownerPage.getByText('ซ่อนไว้จนกว่าคุณจะบันทึกผลของคุณ').waitFor();
    await axeClean(ownerPage);
    await checkResult(ownerPage, '4321');
    await ownerPage.getByRole('button', { name: 'บันทึกผลรางวัล' }).click();
    await ownerDialog.getByRole('button', { name: 'บันทึกผลของฉัน' }).click();
    await ownerPage
      .getByText(/ยืนยันผลตรงกัน บันทึกผลครั้งที่ 1 แล้ว จ่ายรางวัล 1 โพย รวม 900\.00 บาท/)
      .first()
      .waitFor();
    // Settlement finished: the round reads settled and its bill won.
    await ownerPage.getByRole('tab', { name: 'ภาพรวม' }).click();
    await expect
      .poll(() => ownerPage.getByRole('heading', { level: 1 }).textContent())
      .toContain('จ่ายรางวัลแล้ว');

    // The member's bill shows won on the member site.
    await member.page.goto(`${baseUrl}/lotto/bills`);
    const card = member.page.getByTestId(`bill-card-${billId}`);
    await expect.poll(() => card.getAttribute('data-status')).toBe('won');
    expect(await card.textContent()).toContain('900.00');

    // The other pages of the section, each axe clean.
    await page.goto(`${baseUrl}/backoffice/lotto/rounds`);
    await page.getByRole('heading', { level: 1, name: 'งวดหวย' }).waitFor();
    await page.getByRole('table', { name: 'งวดหวย' }).waitFor();
    await axeClean(page);
    await page.goto(`${baseUrl}/backoffice/lotto/markets`);
    await page.getByRole('button', { name: 'แก้ไข หวยลาว' }).click();
    await page.getByRole('heading', { name: 'อัตราจ่ายของตลาด' }).waitFor();
    await axeClean(page);
    await page.goto(`${baseUrl}/backoffice/lotto/yeekee`);
    await page.getByRole('heading', { level: 1, name: 'หวยยี่กี' }).waitFor();
    await axeClean(page);
    await page.goto(`${baseUrl}/backoffice/lotto/templates`);
    await page.getByRole('heading', { level: 1, name: 'แม่แบบอัตราจ่ายและเลขอั้น' }).waitFor();
    await page.getByRole('button', { name: 'สร้างแม่แบบใหม่' }).click();
    await page.getByRole('button', { name: 'เพิ่มเลขอั้น' }).click();
    await axeClean(page);

    await member.context.close();
    await staff.context.close();
    await ownerStaff.context.close();
  });
});
