import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { baseUrl } from './lane.ts';
import { openPage, pageHydrated, skipAnnouncements } from './page.ts';
import { call } from './staff.ts';

const browserOf = useBrowser();

type Lobby = {
  server_now: string;
  categories: {
    markets: { code: string; round: { round_id: number; status: string; close_at: string } | null }[];
  }[];
};

/** "02:14:09" or "5 วัน 02:14:09" → seconds. */
function seconds(text: string | null): number {
  const m = /(?:(\d+) วัน )?(\d\d):(\d\d):(\d\d)/.exec(text ?? '');
  if (!m) return Number.NaN;
  return Number(m[1] ?? 0) * 86_400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

describe('lotto countdowns on the server clock (lib/server-clock.ts)', () => {
  it("counts a round's time left down every second on the server's clock, whatever the device's clock says", async () => {
    const lobby = await call<Lobby>(baseUrl, '/api/lotto/lobby?agent_id=34');
    const serverNow = Date.parse(lobby.body.data.server_now);
    const round = lobby.body.data.categories
      .flatMap((c) => c.markets.map((m) => m.round))
      .find((r) => r?.status === 'open' && Date.parse(r.close_at) - serverNow > 120_000);
    expect(round, 'an open round closing in more than two minutes').toBeDefined();

    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    // This device's clock runs an hour fast; the page must count to the server's close time anyway.
    await context.addInitScript(() => {
      const real = Date.now.bind(Date);
      Date.now = () => real() + 3_600_000;
    });
    await page.goto(`${baseUrl}/lotto/${round!.round_id}`);
    const countdown = page.getByTestId('round-countdown');
    await countdown.waitFor();
    const closeAt = Date.parse(round!.close_at);
    const shownError = async () =>
      Math.abs(seconds(await countdown.textContent()) - (closeAt - Date.now()) / 1000);
    await expect.poll(shownError).toBeLessThan(15);
    const shown = seconds(await countdown.textContent());
    // It keeps counting: three seconds later it shows three seconds less (not a clock stuck at the
    // last answer's time).
    await expect.poll(async () => seconds(await countdown.textContent())).toBeLessThanOrEqual(shown - 3);
    await context.close();
  });

  it('a lobby card turns closed when its round’s close time passes, without asking the server again', async () => {
    const lobby = await call<Lobby>(baseUrl, '/api/lotto/lobby?agent_id=34');
    const serverNow = Date.parse(lobby.body.data.server_now);
    const market = lobby.body.data.categories
      .flatMap((c) => c.markets)
      .find((m) => m.round?.status === 'open' && Date.parse(m.round.close_at) - serverNow > 120_000);
    expect(market, 'a market whose round closes in more than two minutes').toBeDefined();

    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    // The page's timers and clock under the test's hand, starting at the real time.
    await page.clock.install({ time: new Date() });
    await page.goto(`${baseUrl}/lotto/lobby`);
    await pageHydrated(page);
    const card = page.getByTestId(`market-${market!.code}`);
    expect(await card.getByTestId('market-status').textContent()).toBe('เปิดรับแทง');
    expect(await card.getAttribute('class')).toContain('is-open');

    // No answer may set the page's server clock back from here on: only time passes.
    await page.route('**/api/**', (route) => route.abort());
    await page.clock.fastForward(Date.parse(market!.round!.close_at) - Date.now() + 2_000);
    await expect.poll(() => card.getByTestId('market-status').textContent()).toBe('ปิดรับแทง');
    expect(await card.getAttribute('class')).not.toContain('is-open');
    expect(await card.locator('.market-card__countdown').count()).toBe(0);
    await context.close();
  });
});
