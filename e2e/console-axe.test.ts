import { describe, expect, it } from 'vitest';
import { labelProblems, seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import {
  CONSOLE_PAGES,
  CONSOLE_SIZES,
  consolePath,
  consoleStaff,
  openConsolePage,
  useConsoleSession,
} from './console.ts';
import { baseUrl, staffTokens } from './lane.ts';
import { openPage } from './page.ts';

// Every page of the operator console (the home page and each page of every section, as the role that
// sees it — the pages the screenshots script shoots) has no serious or critical axe violation, at a
// laptop's 1280 px and a tablet's 768 px: every form field named, contrast, landmarks — and every
// label pointing at its field (not at a heading that took the field's id, which axe lets pass).

const browserOf = useBrowser();

describe('console pages pass axe', () => {
  for (const [size, viewport] of Object.entries(CONSOLE_SIZES)) {
    it(`the login screen at ${viewport.width} px`, async () => {
      const { context, page } = await openPage(browserOf(), viewport);
      await page.goto(`${baseUrl}/backoffice/login`);
      await page.getByRole('heading', { name: 'เข้าสู่ระบบหลังบ้าน' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
    for (const who of new Set(CONSOLE_PAGES.map((p) => p.staff))) {
      const pages = CONSOLE_PAGES.filter((p) => p.staff === who);
      it(`${who}'s pages at ${viewport.width} px (${size}): ${pages.map((p) => p.path).join(' ')}`, async () => {
        const token = staffTokens[who]!;
        const { context, page } = await openPage(browserOf(), viewport);
        await useConsoleSession(context, token, await consoleStaff(baseUrl, token));
        const found: Record<string, string[]> = {};
        for (const p of pages) {
          await openConsolePage(page, baseUrl, await consolePath(baseUrl, p.path, token));
          const violations = [...(await seriousViolations(page)), ...(await labelProblems(page))];
          if (violations.length > 0) found[p.path] = violations;
        }
        expect(found).toEqual({});
        await context.close();
      }, 240_000);
    }
  }
});
