import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { freshMember, type MemberAccount } from './fresh-member.ts';
import { signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';
import { call, type RegisteredMember, sandboxDeposit } from './staff.ts';

// Issue 33: every text a member reads before acting says what the rules do (docs/rules/payments.md §5,
// protection.md, engagement.md §2 and §5, casino.md), on a phone, before any button is pressed.

const browserOf = useBrowser();
/** This file's members' bank accounts (fresh-member.ts). */
const ACCOUNT: MemberAccount = {
  bankCode: '014',
  accountPrefix: '6',
  accountName: (phone) => `ข้อความ จริง${phone.slice(-4)}`,
};

async function memberPage(member: RegisteredMember, path: string) {
  const { context, page } = await openPage(browserOf(), PHONE);
  await skipAnnouncements(context);
  await signIn(page, baseUrl, member, path);
  return { context, page };
}

describe('texts that tell the truth', () => {
  it('the deposit page shows the deposit limit, a raise waiting its cooling-off, and a time-out, before any submit', async () => {
    const member = await freshMember(ACCOUNT);
    await sandboxDeposit(baseUrl, member.token, 100);
    const limit = await call(baseUrl, '/api/member/protection/limit', {
      method: 'POST',
      token: member.token,
      body: JSON.stringify({ kind: 'deposit', period: 'day', amount: 300 }),
    });
    expect(limit.body.error).toBe(0);
    let { context, page } = await memberPage(member, '/member/deposit');
    const note = page.getByTestId('deposit-protection');
    await note.waitFor();
    expect(await note.textContent()).toMatch(
      /วงเงินฝากสูงสุดต่อวัน 300\.00 บาท ฝากไปแล้ว 100\.\d\d บาท ฝากได้อีก 199\.\d\d บาท \(เริ่มนับใหม่ \d{1,2} \S+ \d{2} 00:00\)/,
    );
    // The form is there, untouched: nothing was submitted.
    expect(await page.getByLabel('ยอดฝาก (บาท)').inputValue()).toBe('');

    // A raise waits for the cooling-off: the page says the new limit and from when.
    const raise = await call(baseUrl, '/api/member/protection/limit', {
      method: 'POST',
      token: member.token,
      body: JSON.stringify({ kind: 'deposit', period: 'day', amount: 1000 }),
    });
    expect(raise.body).toMatchObject({ error: 0, data: { effect: 'pending' } });
    await page.reload();
    await expect
      .poll(() => note.textContent())
      .toMatch(/วงเงินใหม่ 1,000\.00 บาท มีผล \d{1,2} \S+ \d{2} \d{2}:\d{2}/);
    await context.close();

    // A time-out: no deposit form at all, and the reason with its end.
    const timeout = await call(baseUrl, '/api/member/protection/timeout', {
      method: 'POST',
      token: member.token,
      body: JSON.stringify({ duration: '1d' }),
    });
    expect(timeout.body.error).toBe(0);
    const login = await call<{ access_token: string }>(baseUrl, '/api/login', {
      method: 'POST',
      body: JSON.stringify({ phone: member.phone, password: member.password }),
    });
    expect(login.body.error).toBe(0);
    ({ context, page } = await memberPage(member, '/member/deposit'));
    const blocked = page.getByTestId('deposit-protection');
    await blocked.waitFor();
    expect(await blocked.textContent()).toMatch(
      /ฝากเงินไม่ได้ในขณะนี้บัญชีของคุณอยู่ในช่วงพักการเล่นถึง \d{1,2} \S+ \d{2} \d{2}:\d{2} ระหว่างนี้ฝากเงินไม่ได้ ถอนเงินได้ตามปกติ/,
    );
    expect(await page.getByLabel('ยอดฝาก (บาท)').count()).toBe(0);
    await context.close();
  });

  it('the withdrawal rules name what blocks a withdrawal, and say open bets do not', async () => {
    const member = await freshMember(ACCOUNT);
    const { context, page } = await memberPage(member, '/member/withdraw');
    const rules = page.locator('form ul.rule-list');
    await rules.waitFor();
    const text = (await rules.textContent()) ?? '';
    expect(text).toContain('โพยหวยและเกมที่รอผลไม่ทำให้ถอนไม่ได้');
    expect(text).toContain('ถอนไม่ได้เฉพาะเมื่อยังทำเทิร์นโปรโมชั่นไม่ครบ');
    expect(text).not.toContain('มีเดิมพันที่รอผล');
    await context.close();
  });

  it('the check-in page states the deposit it needs and today’s, with the deposit button, above the stamp button', async () => {
    const member = await freshMember(ACCOUNT);
    const { context, page } = await memberPage(member, '/checkin');
    const today = page.getByTestId('checkin-deposit-today');
    await today.waitFor();
    expect(await today.textContent()).toBe('ยอดฝากที่ยืนยันแล้ววันนี้ (รายการสูงสุด) 0 บาท');
    const blocked = page.locator('#checkin-blocked');
    expect(await blocked.textContent()).toContain('อย่างน้อย 100 บาท');
    const deposit = blocked.getByRole('link', { name: 'ฝากเงิน' });
    expect(await deposit.getAttribute('href')).toBe('/member/deposit');
    // Read before the button: the notice comes first in the page's order.
    const button = page.getByRole('button', { name: 'เช็คอินวันนี้' });
    expect(await button.isDisabled()).toBe(true);
    const before = await blocked.evaluate(
      (el, b) => Boolean(el.compareDocumentPosition(b as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
      await button.elementHandle(),
    );
    expect(before).toBe(true);
    await context.close();
  });

  it('the coupon page shows the under-5-baht rule with the member’s own total before a code is typed', async () => {
    const member = await freshMember(ACCOUNT);
    let { context, page } = await memberPage(member, '/member/coupon');
    const balance = page.getByTestId('coupon-balance');
    await expect.poll(() => balance.textContent()).toContain('ยอดเงินรวมของคุณตอนนี้ 0.00 บาท');
    expect(await balance.textContent()).toContain('ต่ำกว่า 5 บาท');
    expect(await balance.textContent()).not.toContain('ยังใช้คูปองไม่ได้');
    expect(await page.getByLabel('โค้ดคูปอง', { exact: true }).inputValue()).toBe('');
    await context.close();

    await sandboxDeposit(baseUrl, member.token, 100);
    ({ context, page } = await memberPage(member, '/member/coupon'));
    await expect
      .poll(() => page.getByTestId('coupon-balance').textContent())
      .toMatch(/ยอดเงินรวมของคุณตอนนี้ 100\.\d\d บาท จึงยังใช้คูปองไม่ได้/);
    await context.close();
  });
});
