import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { DEMO, signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, pageIdle, skipAnnouncements } from './page.ts';
import { call } from './staff.ts';

// Members read Thai only (docs/rules/member-site.md §1): the screens that explain the games' and the
// yeekee's fairness, the game cards and the in-house slot, read word by word. Brand and algorithm
// names stay (Chok Originals, LINE, OTP, SMS, HMAC-SHA256, SHA-256).
const browserOf = useBrowser();
const ALLOWED = new Set(['line', 'otp', 'sms', 'chok', 'originals', 'vip', 'hmac-', 'sha-']);
const englishWords = (text: string) => [
  ...new Set((text.match(/\b[A-Za-z][A-Za-z-]{2,}\b/g) ?? []).filter((w) => !ALLOWED.has(w.toLowerCase()))),
];
const textOf = (p: Page | Frame, selector = 'body') => p.locator(selector).first().innerText();

describe('no English on the fairness screens, the game cards and the slot', () => {
  it('/fair, the page that checks an in-house round', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/fair`);
    await page.locator('main h1').waitFor();
    await pageIdle(page);
    expect(englishWords(await textOf(page, 'main'))).toEqual([]);
    await context.close();
  });

  it("a yeekee round's sealed-close panel", async () => {
    const rounds = await call<{ rounds: { round_id: number; market_code: string }[] }>(
      baseUrl,
      '/api/lotto/rounds?agent_id=34&category_id=yeekee',
    );
    const round = rounds.body.data.rounds.filter((r) => r.market_code === 'yeekee').at(-1)!;
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/lotto/${round.round_id}`);
    const seal = page.getByTestId('yeekee-seal');
    await seal.waitFor();
    expect(englishWords(await seal.innerText())).toEqual([]);
    await context.close();
  });

  it('the game cards of a lobby, and ช้างทอง with its fairness panel', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.small, '/lobby/slot');
    const cards = page.locator('[data-testid="game-card"]');
    await cards.first().waitFor();
    expect(englishWords((await cards.allInnerTexts()).join('\n'))).toEqual([]);
    await page
      .locator('[data-testid="game-card"][data-game="golden-elephant"]')
      .last()
      .getByRole('button', { name: 'เล่นเลย' })
      .click();
    const game = page.frameLocator('iframe[title="ช้างทอง"]');
    await game.getByTestId('game-balance').waitFor();
    const frame = page.frames().find((f) => f.url().includes('/play'))!;
    expect(englishWords(await textOf(frame))).toEqual([]);
    await game.getByRole('button', { name: 'ยุติธรรม' }).click();
    await game.getByText('ตรวจสอบความยุติธรรม').waitFor();
    expect(englishWords(await textOf(frame))).toEqual([]);
    await context.close();
  });

  it("the lotto lobby's market cards, their marks included (two-letter codes too)", async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/lotto/lobby`);
    const cards = page.locator('.market-card');
    await cards.first().waitFor();
    const text = (await cards.allInnerTexts()).join('\n');
    // Every market of the demo has a card, each with its mark.
    expect(await page.locator('.market-card__badge').count()).toBe(await cards.count());
    const latin = [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])].filter(
      (w) => !ALLOWED.has(w.toLowerCase()),
    );
    expect(latin).toEqual([]);
    await context.close();
  });
});
