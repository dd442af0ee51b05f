import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, pageIdle, skipAnnouncements } from './page.ts';
import { call, type RegisteredMember, registerMember, sandboxDeposit, staffLogin } from './staff.ts';

// The poll page /poll/{id} reached from the event dialog (docs/rules/engagement.md §10), and the
// LINE pages /liff/{name} in their liff layout, as a member uses them on a phone.

const browserOf = useBrowser();
let support: string;

beforeAll(async () => {
  support = await staffLogin(baseUrl, 'support');
});

const THAI = 'กขคงจฉชซฌญ';

function freshMember(tag: string): Promise<RegisteredMember> {
  return registerMember(baseUrl, support, {
    bankCode: '004',
    accountPrefix: '6',
    accountName: (phone) => `${tag} ทดสอบ${[...phone.slice(-6)].map((d) => THAI[Number(d)]).join('')}`,
  });
}

describe('poll', () => {
  it('a member opens /poll/1 from the event dialog, votes twice on the first choice and sees the stats; no axe violations at phone width', async () => {
    const member = await freshMember('โพล');
    await sandboxDeposit(baseUrl, member.token, 1_000);
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, member);

    await page.getByRole('button', { name: 'กิจกรรม' }).click();
    await page.getByTestId('event-dialog').getByRole('button', { name: 'กิจกรรมทายผลบอล' }).click();
    await page.waitForURL(`${baseUrl}/poll/1`);
    await page.getByRole('heading', { name: 'บอลคู่เอกสุดสัปดาห์นี้ ใครจะชนะ?', level: 1 }).waitFor();
    await expect
      .poll(() => page.getByTestId('poll-countdown').textContent())
      .toMatch(/^\d+ วัน \d\d:\d\d:\d\d$/);
    const remaining = page.getByTestId('poll-quota-remaining');
    await expect.poll(() => remaining.textContent()).toBe('2');
    expect(await page.getByAltText('เสมอ').count()).toBe(1);
    // Before voting the stats stay hidden.
    expect(await page.getByTestId('poll-total').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    // The first pick is confirmed: every vote goes there.
    await page.getByRole('button', { name: 'โหวต: เสมอ' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'ยืนยันโหวต' }).click();
    await page.getByText('โหวตสำเร็จ เหลือ 1 สิทธิ์').waitFor();
    await expect.poll(() => remaining.textContent()).toBe('1');
    const draw = page.getByTestId('poll-choice-2');
    await draw.getByText('ตัวเลือกของคุณ').waitFor();
    await expect.poll(() => page.getByTestId('poll-total').textContent()).toMatch(/โหวตแล้ว [\d,]+ สิทธิ์/);
    await expect.poll(() => draw.locator('.poll-choice__share').textContent()).toMatch(/%/);
    // Only the chosen card can take more votes.
    expect(await page.getByRole('button', { name: 'โหวต: เจ้าบ้านชนะ' }).count()).toBe(0);
    await page.getByRole('button', { name: 'โหวตเพิ่ม (เหลือ 1 สิทธิ์): เสมอ' }).click();
    await expect.poll(() => remaining.textContent()).toBe('0');
    await page.getByText('คุณใช้สิทธิ์โหวตครบ 2 สิทธิ์แล้ว', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: /โหวตเพิ่ม/ }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    const quota = await call<{ used: number; choice_id: number }>(
      baseUrl,
      '/api/poll/quota/get?poll_id=1&agent_id=34',
      { token: member.token },
    );
    expect(quota.body.data).toMatchObject({ used: 2, choice_id: 2 });
    await context.close();
  });
});

describe('the treasure chest', () => {
  it('is not shown, nor offered in the drawer, when the event list is empty', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await page.route('**/api/event/list*', (route) =>
      route.fulfill({ json: { error: 0, message: '', data: [] } }),
    );
    // A page the browser renders itself (the home page is rendered on the server with the real list).
    const answered = page.waitForResponse((r) => r.url().includes('/api/event/list'));
    await page.goto(`${baseUrl}/fair`);
    await answered;
    await pageIdle(page);
    expect(await page.locator('.event-fab').count()).toBe(0);
    await page.getByRole('button', { name: 'เปิดเมนูนำทาง' }).click();
    await page.getByTestId('drawer').getByRole('button', { name: 'ประกาศสำคัญ' }).waitFor();
    expect(await page.getByTestId('drawer').getByRole('button', { name: 'กิจกรรม' }).count()).toBe(0);
    await context.close();
  });
});

describe('LINE pages (/liff/{name})', () => {
  it('/liff/checkin logs the member in and stamps the check-in in the liff layout (no header, no footer); no axe violations at phone width', async () => {
    const member = await freshMember('ไลน์');
    await sandboxDeposit(baseUrl, member.token, 100);
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    // Every script the pages load: without LIFF_ID the LINE SDK (its own chunks) is never among them.
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(r.text().catch(() => ''));
    });
    await page.goto(`${baseUrl}/liff/checkin`);
    await page.getByTestId('liff-page').waitFor();
    expect(await page.locator('.shell--liff').count()).toBe(1);
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    expect(await page.locator('.chat-fab, .event-fab').count()).toBe(0);
    // Without LIFF_ID the page is a plain page with the normal login, and nothing of LINE shows.
    expect(await page.getByTestId('line-link').count()).toBe(0);
    await page.getByText('เข้าสู่ระบบเพื่อใช้งานหน้าเช็คอินรายวัน').waitFor();
    await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill(member.phone);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill(member.password);
    await page.locator('form').getByRole('button', { name: 'เข้าสู่ระบบ' }).click();

    await page.getByRole('heading', { name: 'เช็คอินรายวัน', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/liff/checkin');
    expect(await page.locator('header').count()).toBe(0);
    const button = page.getByRole('button', { name: 'เช็คอินวันนี้' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await button.click();
    await page.getByText(/เช็คอินสำเร็จ ต่อเนื่อง 1 วัน/).waitFor();
    await expect.poll(() => page.getByTestId('checkin-streak').textContent()).toBe('1 วัน');
    await page.getByRole('button', { name: 'วันนี้เช็คอินแล้ว' }).waitFor();

    // Another LINE menu page, and an unknown name: a clear Thai page with the pages there are.
    await page.goto(`${baseUrl}/liff/affiliate`);
    await page.getByTestId('affiliate-link').waitFor();
    expect(await page.locator('header').count()).toBe(0);
    await page.goto(`${baseUrl}/liff/no-such-page`);
    await page.getByRole('heading', { name: 'ไม่พบหน้านี้', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'เช็คอินรายวัน' }).click();
    await page.waitForURL(`${baseUrl}/liff/checkin`);
    await page.getByRole('button', { name: 'วันนี้เช็คอินแล้ว' }).waitFor();
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(3);
    expect(loaded.filter((js) => js.includes('liffClientId'))).toEqual([]);
    await context.close();
  });
});
