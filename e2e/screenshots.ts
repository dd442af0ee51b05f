/**
 * `npm run screenshots -w @chok/e2e`: home (and on a phone the whole home page, logged out and in), login, register, profile, affiliate, statement, deposit,
 * check-in, quests, the prize wheel, the point shop, promotions, coupons, cashback, win/loss, lotto,
 * the baccarat roads (/sooth), the poll (/poll/1, and after a vote) and the LINE pages (/liff/checkin,
 * /liff/affiliate, /liff) at phone (390×844) and desktop (1440×900) sizes, and the operator console's
 * login and pages (e2e/console.ts at laptop and tablet sizes; the lottery, members, dashboard, rewards and
 * content pages by their own scripts at desktop size), into the git-ignored
 * e2e/artifacts/screenshots.
 * Starts the product like `npm start` unless BASE_URL points at a running one.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Request as PwRequest } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { consoleScreenshots, consoleStaff, useConsoleSession } from './console.ts';
import { shootConsoleLotto } from './console-lotto-screens.ts';
import { shootRewardsConsole } from './console-rewards-screenshots.ts';
import { seedSettledFigures } from './figures.ts';
import { DEMO, loginThroughForm } from './journeys.ts';
import { pageIdle, settled, skipAnnouncements } from './page.ts';
import { ensureChromium, startProduct } from './server.ts';
import { seedShoeHands } from './sooth-shoe.ts';
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

/**
 * A new member running the welcome promotion (a 500 deposit paid through the sandbox gateway), for
 * the shots of /promotions, /member/promotions and /member/coupon.
 */
async function promotionMember(baseUrl: string): Promise<{ phone: string; password: string }> {
  const support = await staffLogin(baseUrl, 'support');
  const phone = freshPhone();
  const password = 'secret123';
  await requestOtp(baseUrl, phone);
  const r = await call<{ access_token: string }>(baseUrl, '/api/register', {
    method: 'POST',
    body: JSON.stringify({
      phone,
      otp: await latestOtp(baseUrl, support, phone),
      password,
      bank_code: '004',
      account_no: `4${phone.slice(1)}`,
      account_name: `ภาพหน้าจอ โปรโม${phone.slice(-4)}`,
    }),
  });
  if (r.body.error !== 0) throw new Error(`register failed: ${r.body.message}`);
  const token = r.body.data.access_token;
  const list = await call<{ id: number; title: string }[]>(baseUrl, '/api/promotion/list', { token });
  const welcome = list.body.data.find((p) => p.title.includes('สมาชิกใหม่'));
  const qr = await call<{ gateway_ref: string }>(baseUrl, '/api/member/payment/generate_qr', {
    method: 'POST',
    token,
    body: JSON.stringify({
      channel_id: 3,
      sub_channel_id: 2,
      amount: 500,
      promotion_id: welcome?.id ?? null,
      idempotency_key: crypto.randomUUID(),
    }),
  });
  if (qr.body.error !== 0) throw new Error(`deposit failed: ${qr.body.message}`);
  await call(baseUrl, `/api/sandbox/payments/${qr.body.data.gateway_ref}/pay`, {
    method: 'POST',
    body: '{}',
  });
  return { phone, password };
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

/**
 * The console's Dashboard and Members pages (apps/backoffice): owner's dashboard, support's member
 * search, a member page and the SMS outbox, at desktop size. The session is put where the console
 * keeps it (sessionStorage), as after a login.
 */
async function consoleMembersShots(browser: Browser, baseUrl: string): Promise<void> {
  const shots: { staff: 'owner' | 'support'; name: string; url: string; heading: string }[] = [
    { staff: 'owner', name: 'console-dashboard', url: '/backoffice/dashboard', heading: 'แดชบอร์ด' },
    { staff: 'support', name: 'console-members', url: '/backoffice/members', heading: 'ค้นหาสมาชิก' },
    { staff: 'support', name: 'console-sms', url: '/backoffice/sms', heading: 'กล่องข้อความ SMS' },
  ];
  const support = await staffLogin(baseUrl, 'support');
  const found = await call<{ items: { id: number }[] }>(baseUrl, `/api/admin/members?q=${DEMO.rich.phone}`, {
    token: support,
  });
  const memberId = found.body.data.items[0]?.id;
  if (memberId) {
    shots.push({
      staff: 'support',
      name: 'console-member',
      url: `/backoffice/members/${memberId}`,
      heading: `สมาชิก ${DEMO.rich.phone}`,
    });
  }
  for (const staff of ['owner', 'support'] as const) {
    const token = staff === 'support' ? support : await staffLogin(baseUrl, staff);
    const context = await browser.newContext({
      viewport: SIZES.desktop,
      locale: 'th-TH',
      timezoneId: 'Asia/Bangkok',
    });
    await useConsoleSession(context, token, await consoleStaff(baseUrl, token));
    const page = await context.newPage();
    for (const shot of shots.filter((x) => x.staff === staff)) {
      await page.goto(baseUrl + shot.url);
      await page.getByRole('heading', { level: 1, name: shot.heading }).waitFor();
      await page
        .locator('table[aria-busy="true"], .loading')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await settled(page);
      const file = path.join(OUT, `${shot.name}-desktop.png`);
      await page.screenshot({ path: file, fullPage: true });
      process.stdout.write(`${file}\n`);
    }
    await context.close();
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await ensureChromium();
  const server = process.env.BASE_URL ? null : await startProduct();
  const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
  // Only on a product this script started: a running one (BASE_URL) is left as it is.
  if (server) await referFriends(baseUrl);
  // Past days of play for the cashback and win/loss pages (only on a product this script started).
  if (server) {
    await seedSettledFigures(server.databaseUrl, DEMO.rich.phone, [
      { daysAgo: 1, category: 'casino', stake: 12_000, payout: 9_400 },
      { daysAgo: 1, category: 'slot', stake: 3_000, payout: 3_900 },
      { daysAgo: 1, category: 'lotto', stake: 400, payout: 150 },
      { daysAgo: 2, category: 'slot', stake: 1_500, payout: 2_300 },
      { daysAgo: 4, category: 'fishing', stake: 800, payout: 520 },
      { daysAgo: 4, category: 'lotto', stake: 200, payout: 0 },
      { daysAgo: 6, category: 'sport', stake: 1_000, payout: 1_900 },
      { daysAgo: 9, category: 'casino', stake: 5_000, payout: 3_800 },
    ]);
  }
  // A shoe well under way in the first baccarat room, for the /sooth shot (a dragon tail, ties, pairs).
  if (server) {
    await seedShoeHands(
      server.databaseUrl,
      1,
      'B P Pp Bb T B B P P P B P B B B B Bb B B B P T P B P P Bb P B B T P P P Pp B P B B P P B T B Pp B B P B P',
    );
  }
  const browser = await launchBrowser();
  const promo = await promotionMember(baseUrl);
  try {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const promoContext = await browser.newContext({
        viewport,
        locale: 'th-TH',
        timezoneId: 'Asia/Bangkok',
      });
      await skipAnnouncements(promoContext);
      const promoPage = await promoContext.newPage();
      await loginThroughForm(promoPage, baseUrl, promo);
      for (const [name, url] of [
        ['promotions', '/promotions'],
        ['member-promotions', '/member/promotions'],
        ['member-coupon', '/member/coupon'],
      ] as const) {
        await promoPage.goto(baseUrl + url);
        await promoPage.waitForLoadState('networkidle');
        await settled(promoPage);
        const file = path.join(OUT, `${name}-${size}.png`);
        await promoPage.screenshot({ path: file, fullPage: size === 'desktop' });
        process.stdout.write(`${file}\n`);
      }
      await promoContext.close();

      const context = await browser.newContext({ viewport, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
      const page = await context.newPage();
      // Requests in flight, without the live stream (it stays open, so "network idle" never comes on
      // pages that listen to it: deposit, lotto rounds).
      const inflight = new Set<PwRequest>();
      page.on('request', (r) => {
        if (!r.url().includes('/api/stream')) inflight.add(r);
      });
      page.on('requestfinished', (r) => inflight.delete(r));
      page.on('requestfailed', (r) => inflight.delete(r));
      const quiet = async () => {
        await page.waitForLoadState('load');
        for (;;) {
          await pageIdle(page);
          if (inflight.size === 0) return;
          await page.waitForEvent('requestfinished', { timeout: 15_000 }).catch(() => undefined);
        }
      };
      const shoot = async (name: string, url: string, fullPage = size === 'desktop') => {
        await page.goto(baseUrl + url);
        await quiet();
        await settled(page);
        const file = path.join(OUT, `${name}-${size}.png`);
        await page.screenshot({ path: file, fullPage });
        process.stdout.write(`${file}\n`);
      };
      await shoot('home-announcement', '/');
      await page.getByRole('dialog').getByRole('button', { name: 'ปิด', exact: true }).first().click();
      await shoot('home', '/');
      // The whole home page of a phone: the open rounds counting down, the latest results, the games.
      if (size === 'phone') await shoot('home-full', '/', true);
      await shoot('login', '/login');
      await shoot('register', '/register');
      await loginThroughForm(page, baseUrl, DEMO.rich);
      await shoot('home-member', '/');
      if (size === 'phone') await shoot('home-member-full', '/', true);
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
      await shoot('protection', '/member/protection');
      await shoot('checkin', '/checkin');
      await shoot('quests', '/member/creditfree');
      await shoot('redeem', '/redeem');
      await page.getByTestId('shop-item').first().getByRole('button', { name: 'แลกเลย' }).click();
      await page.getByTestId('quote-dialog').getByText('แต้มคงเหลือหลังแลก').waitFor();
      await settled(page);
      await page.screenshot({ path: path.join(OUT, `redeem-confirm-${size}.png`) });
      if (size === 'phone') {
        // One redeem (the free-credit voucher), so the result and the history have something to show.
        await page.getByTestId('quote-dialog').getByRole('button', { name: 'ยืนยันการแลก' }).click();
        await page.getByTestId('redeem-result').waitFor();
        await settled(page);
        await page.screenshot({ path: path.join(OUT, 'redeem-result-phone.png') });
        await page.getByTestId('redeem-result').getByRole('button', { name: 'ตกลง' }).click();
      } else {
        await page.getByTestId('quote-dialog').getByRole('button', { name: 'ยกเลิก' }).click();
      }
      await shoot('redeem-history', '/redeem?tab=history');
      await shoot('cashback', '/cashback');
      await shoot('cashback-turnover', '/cashback?tab=turnover');
      await shoot('winloss', '/winloss');
      await shoot('member-winloss', '/member/winloss');
      await shoot('deposit', '/member/deposit');
      await shoot('wheel', '/member/wheel');
      if (size === 'phone') {
        // The spin itself, animated (this context does not ask for reduced motion), and its prize.
        await page.getByTestId('wheel-spin').click();
        await page.getByTestId('wheel-prize-dialog').getByTestId('wheel-prize-label').waitFor();
        await settled(page);
        await page.screenshot({ path: path.join(OUT, 'wheel-prize-phone.png') });
        await page.getByTestId('wheel-prize-dialog').getByRole('button').last().click();
        await page.getByRole('tab', { name: 'แต้มของฉัน' }).click();
        await settled(page);
        await page.screenshot({ path: path.join(OUT, 'wheel-points-phone.png') });
      }
      await shoot('lotto-round', `/lotto/${await openRoundId(baseUrl)}`);
      await shoot('lotto-unknown-round', '/lotto/99999999');
      await shoot('sooth', '/sooth');
      await shoot('poll', '/poll/1');
      const voteHome = page.getByRole('button', { name: 'โหวต: เจ้าบ้านชนะ' });
      if (size === 'phone' && (await voteHome.count()) > 0) {
        // One vote, so the page shows the member's choice and the live stats.
        await voteHome.click();
        await page.getByTestId('confirm-dialog').getByRole('button', { name: 'ยืนยันโหวต' }).click();
        await page.getByTestId('poll-total').waitFor();
        await quiet();
        await settled(page);
        await page.screenshot({ path: path.join(OUT, 'poll-voted-phone.png'), fullPage: true });
      }
      await shoot('liff-checkin', '/liff/checkin');
      await shoot('liff-affiliate', '/liff/affiliate');
      await shoot('liff-menu', '/liff');
      await shoot('liff-unknown', '/liff/no-such-page');
      await shoot('not-found', '/no-such-page');
      await context.close();
      await shootConsoleLotto(browser, baseUrl, OUT, size, viewport);
    }
    await consoleMembersShots(browser, baseUrl);
    await shootRewardsConsole(browser, baseUrl, OUT);
    // The operator console (/backoffice): its login and every page of e2e/console.ts CONSOLE_PAGES.
    for (const file of await consoleScreenshots(browser, baseUrl, OUT, (who) => staffLogin(baseUrl, who))) {
      process.stdout.write(`${file}\n`);
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

await main();
