import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';
import { type RegisteredMember, registerMember, staffLogin } from './staff.ts';

// The prize wheel at /member/wheel (docs/rules/engagement.md §9): the member spins, the wheel stops
// where the server's draw says, and the prize is claimed into the wallet.

const browserOf = useBrowser();
let support: string;

beforeAll(async () => {
  support = await staffLogin(baseUrl, 'support');
});

const THAI = 'กขคงจฉชซฌญ';

/** A member of its own (a bank-account name nobody shares, so the risk rule does not hold its prizes). */
function freshMember(): Promise<RegisteredMember> {
  return registerMember(baseUrl, support, {
    bankCode: '014',
    accountPrefix: '7',
    accountName: (phone) => `วงล้อ ทดสอบ${[...phone.slice(-6)].map((d) => THAI[Number(d)]).join('')}`,
  });
}

const satangOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

/** The segment a rotation of `deg` (clockwise) leaves under the pointer at the top, of `n` equal segments. */
const segmentUnderPointer = (deg: number, n: number) =>
  Math.floor(((((-deg % 360) + 360) % 360) * n) / 360) % n;

describe('prize wheel', () => {
  it('a member spins, the wheel stops at the prize the server drew, the prize is claimed into the wallet; no axe violations at phone width', async () => {
    const member = await freshMember();
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, member, '/member/wheel');
    const chip = page.getByTestId('wallet-total');
    await expect.poll(() => chip.textContent()).toBe('0.00');
    const spinButton = page.getByTestId('wheel-spin');
    await expect.poll(() => spinButton.textContent()).toBe('หมุนฟรี');
    await expect.poll(() => page.getByTestId('wheel-free-spins').textContent()).toContain('1');
    await page.getByTestId('wheel-board').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    const disc = page.getByTestId('wheel-disc');
    const segments = await disc.locator('path[data-index]').count();
    expect(segments).toBe(6);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/wheel/spin_v2'));
    await spinButton.click();
    const spin = (await (await answered).json()) as {
      error: number;
      data: { spin_id: number; prize_index: number; prize: { label: string; kind: string; amount: string } };
    };
    expect(spin.error).toBe(0);
    const { prize_index: index, prize } = spin.data;

    // Under prefers-reduced-motion the wheel is placed at once and the prize dialog follows.
    const dialog = page.getByTestId('wheel-prize-dialog');
    await expect.poll(() => dialog.getByTestId('wheel-prize-label').textContent()).toBe(prize.label);
    const rotation = Number(await disc.getAttribute('data-rotation'));
    expect(segmentUnderPointer(rotation, segments)).toBe(index);
    expect(Number(await disc.getAttribute('data-landed'))).toBe(index);
    expect(await seriousViolations(page)).toEqual([]);

    const rewarded = page.waitForResponse((r) => r.url().endsWith('/api/wheel/reward'));
    await dialog.getByRole('button', { name: prize.kind === 'none' ? 'ตกลง' : 'รับรางวัล' }).click();
    const reward = (await (await rewarded).json()) as { error: number; data: { claim: { status: string } } };
    expect(reward.error).toBe(0);
    expect(reward.data.claim.status).toBe('paid');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // What is drawn under the pointer is the segment of the server's index.
    const box = (await page.locator('.wheel__svg').boundingBox())!;
    const under = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('path[data-index]')?.getAttribute('data-index'),
      [box.x + box.width / 2, box.y + box.height * ((110 - 75) / 220)],
    );
    expect(Number(under)).toBe(index);

    // The wallet chip shows the free credit won; the free spin is used, the next costs points.
    const won = prize.kind === 'free_credit' ? satangOf(prize.amount) : 0;
    await expect.poll(async () => satangOf(await chip.textContent())).toBe(won);
    await expect.poll(() => spinButton.textContent()).toBe('หมุนด้วย 100 แต้ม');

    // Tab 2: the points, with the 10 points of a points prize.
    await page.getByRole('tab', { name: 'แต้มของฉัน' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'แต้มของฉัน' }).getAttribute('aria-selected'))
      .toBe('true');
    await expect
      .poll(() => page.getByTestId('wheel-points').textContent())
      .toContain(prize.kind === 'points' ? prize.amount : '0');
    await page.getByText('ยังไม่เคยใช้แต้มหมุนวงล้อ').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
