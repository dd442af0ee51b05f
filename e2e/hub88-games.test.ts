import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { signIn } from './journeys.ts';
import { baseUrl, staffTokens } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';
import { call, registerMember, sandboxDeposit } from './staff.ts';
import { chipTotal, satangIn } from './wallet-chip.ts';

const browserOf = useBrowser();

/**
 * A third-party game synced from Hub88 (docs/rules/casino.md §8): the demo start's Hub88 stand-in fills
 * the catalogue, the member opens one of its games with a chosen wallet, plays rounds whose bets and
 * wins reach Chok's wallet as Hub88's signed calls, and the chip follows.
 */
describe('Hub88 games', () => {
  it('opens a synced game with the wallet it qualifies for, plays rounds on the stand-in, and the chip changes by the net', async () => {
    // A member of its own: the demo members' balances are what other files of the lane expect.
    const member = await registerMember(baseUrl, staffTokens.support!, {
      bankCode: '014',
      accountPrefix: '8',
      accountName: (phone) => `ฮับ ทดสอบ${phone.slice(-4)}`,
    });
    await sandboxDeposit(baseUrl, member.token, 200);
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, member, '/lobby/slot');
    const card = page.locator('[data-testid="game-card"][data-game="sds_dragon_slot"]').last();
    await card.waitFor({ timeout: 60_000 });
    // The supplier's thumbnail, served by the stand-in.
    expect(await card.locator('img').getAttribute('src')).toMatch(/\/thumbs\/sds_dragon_slot\.svg$/);
    const before = await chipTotal(page);
    await card.getByRole('button', { name: 'เล่นเลย' }).click();
    // Only the main wallet holds money: it is chosen without a picker, and the game plays from it.
    const game = page.frameLocator('iframe[title="สล็อตมังกรทดสอบ"]');
    const balance = game.getByTestId('standin-balance');
    await expect.poll(() => balance.textContent(), { timeout: 30_000 }).toMatch(/\d+\.\d\d/);
    const start = satangIn(await balance.textContent());
    expect(start).toBe(before);
    const result = game.getByTestId('standin-result');
    for (let i = 0; i < 3; i++) {
      await game.getByRole('button', { name: 'หมุน' }).click();
      await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/ชนะ|ไม่ได้รางวัล/);
      await result.evaluate((e) => {
        e.textContent = '';
      });
    }
    const end = satangIn(await balance.textContent());
    expect(Math.abs(start - end) % 1000).toBe(0); // 10-baht bets, wins of 0 or 20 baht
    await page.getByTestId('game-launcher').getByRole('button', { name: 'ปิดเกม' }).click();
    await expect.poll(() => chipTotal(page)).toBe(before + (end - start));
    await context.close();
  });

  it('/lobby/casino is คาสิโนสด with the synced live-dealer tables, คาสิโน once the owner turns them off', async () => {
    const owner = staffTokens.owner!;
    const games = await call<{ items: { id: number; code: string }[] }>(
      baseUrl,
      '/api/admin/games?provider=hub88&category=casino&page_size=50',
      { token: owner },
    );
    const live = games.body.data.items.filter((g) => g.code.endsWith('_live'));
    expect(live.length).toBeGreaterThan(0);
    const setActive = (on: boolean) =>
      Promise.all(
        live.map((g) =>
          call(baseUrl, `/api/admin/games/${g.id}`, {
            method: 'PUT',
            token: owner,
            body: JSON.stringify({ is_active: on }),
          }),
        ),
      );
    const title = async () => {
      const { context, page } = await openPage(browserOf(), PHONE);
      await skipAnnouncements(context);
      await page.goto(`${baseUrl}/lobby/casino`);
      const t = page.locator('.lobby-hero__title');
      await t.waitFor();
      const text = await t.textContent();
      await context.close();
      return text;
    };
    await expect.poll(title, { timeout: 30_000 }).toBe('คาสิโนสด');
    await setActive(false);
    try {
      await expect.poll(title, { timeout: 30_000 }).toBe('คาสิโน');
    } finally {
      await setActive(true);
    }
  });
});
