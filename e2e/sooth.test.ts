import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { DEMO, signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements, storedToken } from './page.ts';

// /sooth (docs/rules/casino.md §7): the roads of an in-house baccarat room's current shoe, drawn
// from the room's hands and redrawn live as the product's deal job deals them (a hand every 30 s).

const browserOf = useBrowser();

const beads = (page: Page) => page.getByTestId('road-bead').locator('g[data-hand]');

/** What the API says of the room's roads, with the member's token. */
async function apiDetail(page: Page, roomId: number) {
  const token = await storedToken(page);
  const res = await fetch(`${baseUrl}/api/sooth/detail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ room_id: roomId }),
  });
  return (
    (await res.json()) as {
      data: {
        bead_plate: { cells: { hand_no: number; winner: string }[] };
        big_road: { cells: unknown[] };
        big_eye_boy: { cells: { colour: string }[] };
      };
    }
  ).data;
}

describe('baccarat roads', () => {
  it('/sooth draws the roads of a room and redraws them live as hands are dealt; no axe violations at phone width', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.small);
    let reloads = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) reloads += 1;
    });
    await page.goto(`${baseUrl}/sooth`);
    const navigations = reloads;

    const notice = page.getByTestId('sooth-notice');
    await expect.poll(() => notice.textContent()).toContain('สถิติย้อนหลังไม่มีผลต่อผลลัพธ์ตาถัดไป');
    const board = page.getByTestId('sooth-board');
    await board.waitFor();
    expect(await board.getAttribute('data-room')).toBe('1');
    for (const road of ['bead', 'big', 'big-eye-boy', 'small-road', 'cockroach-pig']) {
      await page.getByTestId(`road-${road}`).locator('svg').waitFor();
    }
    // Room selection: another room's board, then back.
    await page.getByTestId('sooth-room').filter({ hasText: 'ห้องมรกต' }).click();
    await expect.poll(() => board.getAttribute('data-room')).toBe('2');
    await page.getByTestId('sooth-room').filter({ hasText: 'ห้องสยาม' }).click();
    await expect.poll(() => board.getAttribute('data-room')).toBe('1');

    // The deal job deals the next hand within 30 s (the minute sweep deals it at the latest a minute
    // later when a loaded machine delays the job). The hands on the plate now; the page checks that
    // follow read without changing anything and run while the next hand is coming.
    const before = await beads(page).count();

    // Nothing on the page presents a pattern as likely to win (§7.5).
    const text = (await page.locator('main').textContent()) ?? '';
    for (const claim of ['แม่น', 'ชนะแน่', 'เข้าแน่', 'โอกาสชนะ', 'แนะนำให้แทง', 'ควรแทง']) {
      expect(text).not.toContain(claim);
    }
    expect(await seriousViolations(page)).toEqual([]);

    // The bead plate gains the next hand without a reload.
    await expect.poll(() => beads(page).count(), { timeout: 100_000 }).toBeGreaterThan(before);
    expect(reloads).toBe(navigations);

    // What is drawn is the room's current shoe as the API computes it.
    await expect
      .poll(async () => {
        const d = await apiDetail(page, 1);
        return [
          (await beads(page).count()) === d.bead_plate.cells.length,
          (await page.getByTestId('road-big').locator('g[data-winner]').count()) === d.big_road.cells.length,
          (await page.getByTestId('road-big-eye-boy').locator('g[data-colour]').count()) ===
            d.big_eye_boy.cells.length,
          (await beads(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-winner')))).join() ===
            d.bead_plate.cells.map((c) => c.winner).join(),
        ];
      })
      .toEqual([true, true, true, true]);
    expect(await page.getByTestId('sooth-hands').textContent()).toBe(String(await beads(page).count()));
    // The ask road answers for both sides, each of the three derived roads.
    expect(await page.getByTestId('sooth-ask').locator('li[data-road]').count()).toBe(6);

    // The button opens the room in the launcher.
    await page.getByTestId('sooth-open').click();
    const sheet = page.getByTestId('game-launcher');
    await sheet.waitFor();
    await expect.poll(() => sheet.textContent()).toContain('บาคาร่า ห้องสยาม');
    await context.close();
  }, 180_000);
});
