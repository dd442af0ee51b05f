import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { baseUrl } from './lane.ts';
import { openPage, pageHydrated, skipAnnouncements } from './page.ts';
import { call, staffLogin } from './staff.ts';

const browserOf = useBrowser();

type Seal = { commitment: string; offset_ms: number | null; salt: string | null };

describe('yeekee sealed close on the round page (docs/rules/lottery.md §9)', () => {
  it('shows the commitment at open, and after close the revealed offset and salt checked in the browser', async () => {
    const rounds = await call<{ rounds: { round_id: number; market_code: string; status: string }[] }>(
      baseUrl,
      '/api/lotto/rounds?agent_id=34&category_id=yeekee',
    );
    // The last round of the day: the yeekee journey test takes the first suitable one.
    const round = rounds.body.data.rounds.filter((r) => r.market_code === 'yeekee').at(-1);
    expect(round, 'a scheduled or open yeekee round').toBeDefined();
    const info = await call<{ seal_commitment: string | null }>(
      baseUrl,
      `/api/lotto/round?round_id=${round!.round_id}`,
    );
    expect(info.body.data.seal_commitment).toMatch(/^[0-9a-f]{64}$/);

    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/lotto/${round!.round_id}`);
    const seal = page.getByTestId('yeekee-seal');
    await expect
      .poll(() => page.getByTestId('seal-commitment').textContent())
      .toBe(info.body.data.seal_commitment);
    expect(await seal.textContent()).toContain('จะเปิดเผยหลังปิดรอบ');
    expect(await page.getByTestId('seal-check').count()).toBe(0);

    // The owner closes the round early (void: nobody shot); d and the salt are revealed.
    const staff = await staffLogin(baseUrl, 'owner');
    const closed = await call<{ status: string }>(
      baseUrl,
      `/api/admin/lotto/rounds/${round!.round_id}/close`,
      {
        method: 'POST',
        token: staff,
        body: JSON.stringify({ reason: 'ทดสอบการเปิดเผยเวลาปิดยิงเลข' }),
      },
    );
    expect(closed.body.data.status).toBe('cancelled');
    const result = await call<{ yeekee: { seal: Seal } }>(
      baseUrl,
      `/api/lotto/result?round_id=${round!.round_id}`,
    );
    const revealed = result.body.data.yeekee.seal;
    expect(revealed.salt).not.toBeNull();
    await page.reload();
    await expect.poll(() => page.getByTestId('seal-check').textContent()).toContain('✓ ตรวจสอบแล้ว');
    expect(await page.getByTestId('seal-salt').textContent()).toBe(revealed.salt);
    expect(await page.getByTestId('seal-offset').textContent()).toContain(
      `${revealed.offset_ms!.toLocaleString('th-TH')} มิลลิวินาที`,
    );

    // The check is the browser's own: a reveal altered on the way fails it.
    await page.route('**/api/lotto/result?*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { yeekee: { seal: Seal } } };
      body.data.yeekee.seal.offset_ms = (body.data.yeekee.seal.offset_ms! + 1) % 30_001;
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    await expect.poll(() => page.getByTestId('seal-check').textContent()).toContain('✗ ไม่ตรงกัน');
    await context.close();
  });
});

describe('lottery history on /lotto/results', () => {
  it('a fresh demo install shows past results, labelled as demo data, and steps back a day', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.UTC(y, m - 1, d - 2)).toISOString().slice(0, 10);
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/lotto/results?date=${yesterday}`);
    const cards = page.locator('.result-card:not(.is-waiting)');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.result-card__demo').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole('note').textContent()).toContain('ไม่ใช่ผลรางวัลจริง');
    // The results came rendered from the server: the day buttons work once the page has hydrated.
    await pageHydrated(page);
    await page.getByRole('button', { name: '‹ วันก่อนหน้า' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(dayBefore);
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(3);
    await context.close();
  });
});
