import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { DEMO, signIn } from './journeys.ts';
import { baseUrl, staffTokens } from './lane.ts';
import { openPage, PHONE, skipAnnouncements, storedToken } from './page.ts';
import { call, registerMember, sandboxDeposit } from './staff.ts';
import { chipTotal, satangOf } from './wallet-chip.ts';

const browserOf = useBrowser();

async function walletBalances(page: Page): Promise<Record<number, string>> {
  const token = await storedToken(page);
  const r = await call<{ wallet_type_id: number; balance: string }[]>(baseUrl, '/api/member/wallets', {
    method: 'POST',
    body: '{}',
    token: token!,
  });
  return Object.fromEntries(r.body.data.map((w) => [w.wallet_type_id, w.balance]));
}

describe('game lobby and launcher', () => {
  it('plays ช้างทอง in the launcher: one wallet is auto-selected, spins change the chip by the net result', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.small, '/lobby/slot');
    const before = await chipTotal(page);

    const card = page.locator('[data-testid="game-card"][data-game="golden-elephant"]').last();
    await card.getByRole('button', { name: 'เล่นเลย' }).click();
    // Only the main wallet qualifies (the others are empty): no picker, straight in.
    await page.getByText('กำลังนำท่านเข้าสู่เกม').first().waitFor();
    expect(await page.getByText('กรุณาเลือกกระเป๋าเงิน').count()).toBe(0);
    const sheet = page.getByTestId('game-launcher');
    const game = page.frameLocator('iframe[title="ช้างทอง"]');
    const balance = game.getByTestId('game-balance');
    await balance.waitFor();
    const start = satangOf(await balance.textContent());
    expect(start).toBe(before);

    const spin = game.getByRole('button', { name: 'หมุน' });
    for (let i = 0; i < 5; i++) {
      await spin.click();
      await expect.poll(() => spin.isEnabled(), { timeout: 20_000 }).toBe(true);
    }
    const end = satangOf(await balance.textContent());
    expect(end).not.toBeNaN();

    await sheet.getByRole('button', { name: 'ปิดเกม' }).click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => chipTotal(page)).toBe(before + (end - start));
    // The chip agrees with the ledger: 5 spins of 5.00 are gone, the wins are back.
    const wallets = await walletBalances(page);
    expect(satangOf(wallets[1]!)).toBe(end);
    await context.close();
  });

  it("a new member's first round plays on the client seed their own browser drew, with a server seed committed before it", async () => {
    const member = await registerMember(baseUrl, staffTokens.support!, {
      bankCode: '014',
      accountPrefix: '6',
      accountName: (phone) => `เมล็ด ทดสอบ${phone.slice(-4)}`,
    });
    await sandboxDeposit(baseUrl, member.token, 100);
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, member, '/lobby/slot');
    const session = page.waitForResponse((r) => r.url().includes('/api/originals/session'));
    const rotation = page.waitForRequest((r) => r.url().includes('/api/originals/fair/rotate'));
    await page
      .locator('[data-testid="game-card"][data-game="golden-elephant"]')
      .last()
      .getByRole('button', { name: 'เล่นเลย' })
      .click();
    // The session shows the committed hashes and no client seed yet; the browser sets its own.
    const opened = (await (await session).json()) as {
      data: { fair: { client_seed: string; next_server_seed_hash: string } };
    };
    expect(opened.data.fair.client_seed).toBe('');
    const drawn = (JSON.parse((await rotation).postData()!) as { client_seed: string }).client_seed;
    expect(drawn).toMatch(/^[0-9a-f]{32}$/);

    const game = page.frameLocator('iframe[title="ช้างทอง"]');
    const spin = game.getByRole('button', { name: 'หมุน' });
    const spun = page.waitForResponse((r) => r.url().includes('/api/originals/slot/spin'));
    await spin.click();
    const round = ((await (await spun).json()) as { data: { round_id: number } }).data.round_id;
    const fair = await call<{ client_seed: string; nonce: number; server_seed_hash: string }>(
      baseUrl,
      `/api/fair/round?id=${round}`,
    );
    expect(fair.body.data).toMatchObject({
      client_seed: drawn,
      nonce: 0,
      server_seed_hash: opened.data.fair.next_server_seed_hash,
    });
    // The fairness panel shows the member the same seed.
    await expect.poll(() => spin.isEnabled(), { timeout: 20_000 }).toBe(true);
    await game.getByRole('button', { name: 'ยุติธรรม' }).click();
    await game.getByText(`${drawn} / 1`).waitFor();
    await context.close();
  });

  it('asks "กรุณาเลือกกระเป๋าเงิน" when several wallets qualify, and a failed link shows "พบบางอย่างผิดปกติ"', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.rich, '/lobby/slot');
    const before = await walletBalances(page);
    await page.route('**/api/game/link', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ error: 2207, message: 'ค่ายเกมนี้ปิดปรับปรุงชั่วคราว', data: null }),
      }),
    );
    await page
      .locator('[data-game="golden-elephant"]')
      .first()
      .getByRole('button', { name: 'เล่นเลย' })
      .click();
    const picker = page.getByRole('heading', { name: 'กรุณาเลือกกระเป๋าเงิน' });
    await picker.waitFor();
    for (const text of [
      'กระเป๋าหลัก',
      'คงเหลือ 5,000.00 บาท',
      'กระเป๋าโบนัส',
      'คงเหลือ 300.00 บาท',
      'เครดิตฟรี',
      'คงเหลือ 50.00 บาท',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: /กระเป๋าโบนัส/ }).click();
    const alert = page.getByTestId('game-alert');
    await alert.getByRole('heading', { name: 'พบบางอย่างผิดปกติ' }).waitFor();
    await alert.getByText('ค่ายเกมนี้ปิดปรับปรุงชั่วคราว').waitFor();
    await alert.getByRole('button', { name: 'ตกลง' }).click();
    await page.getByTestId('game-launcher').waitFor({ state: 'detached' });
    expect(await walletBalances(page)).toEqual(before);
    await context.close();
  });

  it('a demo launch plays with play money and leaves every balance unchanged', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.small, '/lobby/slot');
    const before = await walletBalances(page);
    const chip = await chipTotal(page);
    await page
      .locator('[data-game="golden-elephant"]')
      .last()
      .getByRole('button', { name: 'ทดลองเล่น' })
      .click();
    const game = page.frameLocator('iframe[title="ช้างทอง"]');
    await game.getByText('โหมดทดลอง').waitFor();
    expect(await game.getByTestId('game-balance').textContent()).toBe('10,000.00');
    // Play money moves: spin until the balance differs from the start. A spin (or a few) can win back
    // exactly what they staked, so three spins could end at 10,000.00 by chance; ten in a row cannot.
    const spin = game.getByRole('button', { name: 'หมุน' });
    let shown = '10,000.00';
    for (let i = 0; i < 10 && shown === '10,000.00'; i++) {
      await spin.click();
      await expect.poll(() => spin.isEnabled(), { timeout: 20_000 }).toBe(true);
      shown = (await game.getByTestId('game-balance').textContent()) ?? '';
    }
    expect(shown).not.toBe('10,000.00');
    await page.getByRole('button', { name: 'ปิดเกม' }).click();
    expect(await walletBalances(page)).toEqual(before);
    expect(await chipTotal(page)).toBe(chip);
    await context.close();
  });

  it('the lobby filters by category tab, provider and search', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/lobby/casino`);
    const grid = page.getByRole('region', { name: 'เกมทั้งหมด' });
    await grid.locator('[data-game="baccarat-1"]').waitFor();
    expect(await grid.locator('[data-game="golden-elephant"]').count()).toBe(0);
    await page.getByRole('link', { name: /ยิงปลา/ }).click();
    await grid.locator('[data-game="fishing"]').waitFor();
    await page.getByRole('link', { name: /ทั้งหมด/ }).first().click();
    // The whole catalogue is on screen (slots too) before the search is typed into it.
    await grid.locator('[data-game="golden-elephant"]').waitFor();
    await page.getByLabel('ค้นหาเกม').fill('บาคาร่า');
    const results = page.getByRole('region', { name: 'เกมทั้งหมด' });
    // The three in-house rooms and the Hub88 stand-in's live baccarat table (docs/rules/casino.md §8).
    await expect.poll(() => results.locator('[data-testid="game-card"]').count()).toBe(4);
    // Visitors are sent to log in before real play.
    await results.getByRole('button', { name: 'เล่นเลย' }).first().click();
    await page.waitForURL(`${baseUrl}/login`);
    await context.close();
  });
});
