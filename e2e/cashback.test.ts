import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { seedSettledFigures } from './figures.ts';
import { freshMember, type MemberAccount } from './fresh-member.ts';
import { signIn } from './journeys.ts';
import { baseUrl, databaseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements, storedToken } from './page.ts';
import { call } from './staff.ts';

const browserOf = useBrowser();

/** This file's members' bank accounts (fresh-member.ts). */
const ACCOUNT: MemberAccount = {
  bankCode: '014',
  accountPrefix: '7',
  accountName: (phone) => `คืนยอด ทดสอบ${phone.slice(-4)}`,
};

describe('/cashback at phone width (docs/rules/engagement.md §3)', () => {
  it("claims yesterday's loss cashback: §3's figures, 85.00 to the main wallet once, axe clean", async () => {
    const member = await freshMember(ACCOUNT);
    // Yesterday's settled rounds (§3's example) and one the day before, which is past its window.
    await seedSettledFigures(databaseUrl, member.phone, [
      { daysAgo: 1, category: 'casino', stake: 12_000, payout: 9_400 },
      { daysAgo: 1, category: 'slot', stake: 3_000, payout: 3_900 },
      { daysAgo: 1, category: 'fishing', stake: 500, payout: 0 },
      { daysAgo: 2, category: 'slot', stake: 1_000, payout: 0 },
    ]);
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, member, '/cashback');
    const card = page.getByTestId('cashback-loss');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('cashback-amount').textContent()).toMatch(/^85\.00/);
    const rows = await card.locator('tbody tr').allTextContents();
    expect(rows).toEqual(['คาสิโน12,000.009,400.002,600.00', 'สล็อต3,000.003,900.00ได้ 900.00']);
    expect(await card.locator('tfoot tr').textContent()).toBe('รวม15,000.0013,300.001,700.00');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    const chipBefore = await page.getByTestId('wallet-total').textContent();
    const claimed = page.waitForResponse((r) => r.url().endsWith('/api/cashback/loss/claim'));
    await card.getByRole('button', { name: 'รับคืนยอดเสีย 85.00 บาท' }).click();
    expect((await claimed).status()).toBe(200);
    await page.getByText('รับคืนยอดเสีย 85.00 บาท เข้ากระเป๋าหลักแล้ว').waitFor();
    await expect.poll(() => card.getByTestId('cashback-state').textContent()).toBe('รับแล้ว');
    await expect
      .poll(() => card.getByTestId('cashback-reason').textContent())
      .toMatch(/^รับคืนยอดเสียของวันที่ .+ แล้ว 85\.00 บาท$/);
    await expect(card.getByRole('button', { name: /รับคืนยอดเสีย/ }).count()).resolves.toBe(0);
    // The header's wallet chip shows the new balance; the history lists the claim.
    await expect.poll(() => page.getByTestId('wallet-total').textContent()).not.toBe(chipBefore);
    expect(await page.getByTestId('wallet-total').textContent()).toMatch(/85\.00/);
    const history = page.getByTestId('payout-list');
    await expect
      .poll(() => history.textContent())
      .toMatch(/คืนยอดเสีย คาสิโนและสล็อต.*ยอดเสีย 1,700\.00 บาท.*\+85\.00จ่ายแล้ว/);

    // The form's login replaced the registration's session: use the page's token.
    const token = (await storedToken(page))!;
    const wallets = await call<{ wallet_type_id: number; balance: string }[]>(
      baseUrl,
      '/api/member/wallets',
      {
        method: 'POST',
        token,
        body: '{}',
      },
    );
    expect(wallets.body.data.find((w) => w.wallet_type_id === 1)?.balance).toBe('85.00');
    // Again through the API: the first claim, nothing more.
    const again = await call<{ repeated: boolean }>(baseUrl, '/api/cashback/loss/claim', {
      method: 'POST',
      token,
      body: '{}',
    });
    expect(again.body.data.repeated).toBe(true);

    // The turnover tab: today's figures and the rules.
    await page.getByRole('tab', { name: 'คืนยอดเทิร์น' }).click();
    await page.getByRole('heading', { name: 'คืนยอดเทิร์น 0.20%' }).waitFor();
    await page.getByText('ยังไม่มีประวัติคืนยอดเทิร์น').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('/winloss and /member/winloss at phone width: the days, the chart and the lotto refund, axe clean', async () => {
    const member = await freshMember(ACCOUNT);
    await seedSettledFigures(databaseUrl, member.phone, [
      { daysAgo: 1, category: 'lotto', stake: 250, payout: 0 },
      { daysAgo: 1, category: 'slot', stake: 100, payout: 250 },
      { daysAgo: 3, category: 'casino', stake: 200, payout: 0 },
    ]);
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, member, '/winloss');
    await page.getByTestId('winloss-chart').waitFor();
    expect(await page.getByTestId('winloss-net').textContent()).toBe('-300.00');
    expect(await page.getByTestId('winloss-chart').locator('rect').count()).toBe(2);
    expect(await page.getByTestId('winloss-table').locator('tbody').count()).toBe(2);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${baseUrl}/member/winloss`);
    const card = page.getByTestId('cashback-lotto');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('cashback-amount').textContent()).toMatch(/^12\.50/);
    await page.getByTestId('winloss-table').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'รับคืนยอดเสีย 12.50 บาท' }).click();
    await expect.poll(() => card.getByTestId('cashback-state').textContent()).toBe('รับแล้ว');
    await expect.poll(() => page.getByTestId('payout-list').textContent()).toMatch(/คืนยอดเสียหวย.*\+12\.50/);
    await context.close();
  });
});
