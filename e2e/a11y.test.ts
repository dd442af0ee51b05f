import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';

// Evaluated through the DevTools protocol: the site's CSP (rightly) refuses injected script tags.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const browserOf = useBrowser();

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('axe accessibility scan: no serious or critical violations', () => {
  for (const [name, path, ready] of [
    ['home', '/', 'โปรโมชั่น'],
    ['login', '/login', 'เข้าสู่ระบบ'],
    ['register', '/register', 'สมัครสมาชิก'],
  ] as const) {
    for (const [size, viewport] of [
      ['desktop', undefined],
      ['phone', PHONE],
    ] as const) {
      it(`${name} on ${size}`, async () => {
        const { context, page } = await openPage(browserOf(), viewport);
        await skipAnnouncements(context);
        await page.goto(baseUrl + path);
        await page.getByRole('heading', { name: ready, exact: true }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }

  it('the announcement dialog', async () => {
    const { context, page } = await openPage(browserOf());
    await page.goto(baseUrl);
    await page
      .getByTestId('notification-dialog')
      .getByRole('heading', { name: /ประกาศสำคัญ/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
