/**
 * `npm run screenshots -w @chok/e2e`: home, login, register, profile, affiliate, statement, deposit and lotto at phone
 * (390×844) and desktop (1440×900) sizes, into the git-ignored e2e/artifacts/screenshots.
 * Starts the product like `npm start` unless BASE_URL points at a running one.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './browser.ts';
import { DEMO, loginThroughForm } from './journeys.ts';
import { settled } from './page.ts';
import { ensureChromium, startProduct } from './server.ts';
import { call, freshPhone, latestOtp, requestOtp, staffLogin } from './staff.ts';

const OUT = path.resolve('e2e/artifacts/screenshots');
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

/** The first open round of the lotto lobby, for the round page's shot. */
async function openRoundId(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/lotto/lobby?agent_id=34`);
  const body = (await res.json()) as {
    data: { categories: { markets: { round: { round_id: number; status: string } | null }[] }[] };
  };
  const round = body.data.categories
    .flatMap((c) => c.markets.map((m) => m.round))
    .find((r) => r?.status === 'open');
  if (!round) throw new Error('no open lotto round');
  return round.round_id;
}

/** Two friends registered from the rich demo member's link, for the /affiliate shot's network. */
async function referFriends(baseUrl: string): Promise<void> {
  const staff = await staffLogin(baseUrl, 'support');
  for (const [i, name] of ['วิภา สุขใจ', 'ประเสริฐ ทองดี'].entries()) {
    const phone = freshPhone();
    await requestOtp(baseUrl, phone);
    const r = await call(baseUrl, '/api/register', {
      method: 'POST',
      body: JSON.stringify({
        phone,
        otp: await latestOtp(baseUrl, staff, phone),
        password: 'secret123',
        bank_code: '004',
        account_no: `7${i}${phone.slice(2)}`,
        account_name: name,
        referral_code: 'DEMO0001',
      }),
    });
    if (r.body.error !== 0) throw new Error(`register failed: ${r.body.message}`);
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  ensureChromium();
  const server = process.env.BASE_URL ? null : await startProduct();
  const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
  // Only on a product this script started: a running one (BASE_URL) is left as it is.
  if (server) await referFriends(baseUrl);
  const browser = await launchBrowser();
  try {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const context = await browser.newContext({ viewport, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
      const page = await context.newPage();
      const shoot = async (name: string, url: string) => {
        await page.goto(baseUrl + url);
        await page.waitForLoadState('networkidle');
        await settled(page);
        const file = path.join(OUT, `${name}-${size}.png`);
        await page.screenshot({ path: file, fullPage: size === 'desktop' });
        process.stdout.write(`${file}\n`);
      };
      await shoot('home-announcement', '/');
      await page.getByRole('dialog').getByRole('button', { name: 'ปิด', exact: true }).first().click();
      await shoot('home', '/');
      await shoot('login', '/login');
      await shoot('register', '/register');
      await loginThroughForm(page, baseUrl, DEMO.rich);
      await shoot('home-member', '/');
      if (size === 'phone') {
        await page.getByRole('button', { name: 'เปิดเมนูนำทาง' }).click();
        await settled(page);
        await page.screenshot({ path: path.join(OUT, 'drawer-phone.png') });
        await page.getByRole('button', { name: 'เปิดเมนูนำทาง' }).click();
      }
      await page.getByRole('button', { name: 'เมนูสมาชิก' }).click();
      await settled(page);
      await page.screenshot({ path: path.join(OUT, `member-menu-${size}.png`) });
      await page.getByTestId('member-menu').getByRole('button', { name: 'ออกจากระบบ' }).click();
      await settled(page);
      await page.screenshot({ path: path.join(OUT, `logout-confirm-${size}.png`) });
      await page.getByRole('button', { name: 'ยังอยู่กับเรา' }).click();
      await shoot('profile', '/member/profile');
      await shoot('affiliate', '/affiliate');
      await shoot('statement', '/member/statement');
      await shoot('deposit', '/member/deposit');
      await shoot('lotto-round', `/lotto/${await openRoundId(baseUrl)}`);
      await shoot('lotto-unknown-round', '/lotto/99999999');
      await shoot('coming-soon', '/poll/1');
      await shoot('not-found', '/no-such-page');
      await context.close();
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

await main();
