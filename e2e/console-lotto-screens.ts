import path from 'node:path';
import type { Browser } from 'playwright-core';
import { openConsoleAs } from './console.ts';
import { call, staffLogin } from './staff.ts';

/**
 * The console's lottery pages for the screenshots script (e2e/screenshots.ts): rounds, one round
 * (overview, result entry, rates, เลขอั้น, exposure), markets with the editor open, yeekee rounds.
 */
export async function shootConsoleLotto(
  browser: Browser,
  baseUrl: string,
  out: string,
  size: string,
  viewport: { width: number; height: number },
): Promise<void> {
  const token = await staffLogin(baseUrl, 'lotto');
  const rounds = await call<{ items: { round_id: number; derive_rule: string }[] }>(
    baseUrl,
    '/api/admin/lotto/rounds?status=open&page_size=200',
    { token },
  );
  // A regular market's round (a yeekee round's result comes from shooting, not from the form).
  const roundId = rounds.body.data.items.find((r) => r.derive_rule !== 'yeekee')?.round_id;
  const context = await browser.newContext({ viewport, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  await openConsoleAs(context, baseUrl, token);
  const page = await context.newPage();
  const snap = async (name: string) => {
    // Fonts loaded and two frames painted. (Not pageIdle/settled: on the result tab's form Chromium
    // holds requestIdleCallback back while timers and frames run normally.)
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    const file = path.join(out, `console-${name}-${size}.png`);
    await page.screenshot({ path: file, fullPage: size === 'desktop' });
    process.stdout.write(`${file}\n`);
  };
  try {
    await page.goto(`${baseUrl}/backoffice/lotto/rounds`);
    await page.getByRole('heading', { level: 1, name: 'งวดหวย' }).waitFor();
    await page.getByRole('table', { name: 'งวดหวย' }).locator('tbody tr').first().waitFor();
    await snap('lotto-rounds');
    if (roundId) {
      await page.goto(`${baseUrl}/backoffice/lotto/rounds/${roundId}`);
      await page.getByRole('tab', { name: 'ภาพรวม' }).waitFor();
      await snap('lotto-round');
      // Each tab, once its panel has what it reads (the staff stream stays open: no network idle).
      for (const [tab, name, ready] of [
        ['ผลรางวัล', 'lotto-round-result', 'ตรวจผล'],
        ['อัตราจ่าย', 'lotto-round-rates', 'บันทึกอัตราจ่ายงวดนี้'],
        ['เลขอั้น', 'lotto-round-limits', 'บันทึกเลขอั้น'],
        ['ยอดเสี่ยง', 'lotto-round-exposure', 'ค้นหา'],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tabpanel').getByRole('button', { name: ready }).first().waitFor();
        await snap(name);
      }
    }
    await page.goto(`${baseUrl}/backoffice/lotto/markets`);
    await page
      .getByRole('button', { name: /^แก้ไข / })
      .first()
      .click();
    await page.getByRole('heading', { name: 'อัตราจ่ายของตลาด' }).waitFor();
    await snap('lotto-markets');
    await page.goto(`${baseUrl}/backoffice/lotto/yeekee`);
    await page.getByRole('table', { name: 'รอบหวยยี่กี' }).locator('tbody tr').first().waitFor();
    await snap('lotto-yeekee');
  } finally {
    await context.close();
  }
}
