import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { DEMO, signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';
import { freshPhone, latestOtp, staffLogin } from './staff.ts';

// docs/rules/engagement.md §11: a visitor registers from a member's referral link, and the member
// sees them in their network on /affiliate.

const browserOf = useBrowser();
let staffToken: string;
beforeAll(async () => {
  staffToken = await staffLogin(baseUrl, 'support');
});

describe('the affiliate programme', () => {
  it('a friend registers from the referral link (kept through a detour); the referrer sees them on /affiliate', async () => {
    const friend = await openPage(browserOf(), PHONE);
    await skipAnnouncements(friend.context);
    const page = friend.page;
    await page.goto(`${baseUrl}/register?ref=DEMO0002`);
    expect(await page.getByLabel('รหัสผู้แนะนำ').inputValue()).toBe('DEMO0002');
    // A detour to the login page and back by the site's own link keeps the referral.
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'สมัครสมาชิก' }).first().click();
    await page.waitForURL(`${baseUrl}/register`);
    expect(await page.getByLabel('รหัสผู้แนะนำ').inputValue()).toBe('DEMO0002');
    await page.getByText('ได้รับรหัสจากลิงก์แนะนำเพื่อน').waitFor();

    const phone = freshPhone();
    await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'ขอรหัส OTP' }).click();
    await page.getByText(/รหัสอ้างอิง [A-Z0-9]+/).waitFor();
    await page.getByLabel('รหัส OTP').fill(await latestOtp(baseUrl, staffToken, phone));
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill('secret123');
    await page.getByLabel('ยืนยันรหัสผ่าน').fill('secret123');
    await expect
      .poll(() => page.getByLabel('ธนาคาร', { exact: true }).locator('option').count())
      .toBeGreaterThan(5);
    await page.getByLabel('ธนาคาร', { exact: true }).selectOption('014');
    await page.getByLabel('เลขบัญชี').fill(`6${phone.slice(1)}`);
    await page.getByLabel('ชื่อ-นามสกุล (ตรงกับบัญชีธนาคาร)').fill('วิไล ชวนเพื่อน');
    await page.getByRole('button', { name: 'ยืนยันการสมัครสมาชิก' }).click();
    await page.waitForURL(`${baseUrl}/`);
    // The friend's own page shows their own code and link, not the referrer's.
    await page.goto(`${baseUrl}/affiliate`);
    await expect.poll(() => page.getByTestId('affiliate-code').textContent()).toMatch(/^[A-Z2-9]{8}$/);
    expect(await page.getByTestId('affiliate-link').textContent()).toMatch(
      new RegExp(`^${baseUrl}/register\\?ref=[A-Z2-9]{8}$`),
    );
    await friend.context.close();

    const referrer = await openPage(browserOf(), PHONE);
    await skipAnnouncements(referrer.context);
    await signIn(referrer.page, baseUrl, DEMO.small, '/affiliate');
    const network = referrer.page.getByTestId('affiliate-network');
    const row = network.locator('li', { hasText: 'วิไล ช***' });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${phone.slice(0, 2)}x-xxx-${phone.slice(-4)}`);
    expect(await row.textContent()).toContain('ขั้นที่ 1');
    expect(await network.textContent()).not.toContain(phone);
    await referrer.page.getByRole('img', { name: 'คิวอาร์โค้ดลิงก์แนะนำเพื่อน' }).waitFor();
    expect(await referrer.page.getByTestId('affiliate-code').textContent()).toBe('DEMO0002');
    await referrer.page
      .getByText('ถอนเข้ากระเป๋าหลักได้ตั้งแต่ 100 บาท สูงสุดวันละ 50,000 บาท', { exact: false })
      .waitFor();
    // Under 100 baht the button is off, with the reason in Thai.
    expect(await referrer.page.getByRole('button', { name: 'ถอนเข้ากระเป๋าหลัก' }).isDisabled()).toBe(true);
    await referrer.page.getByText('สะสมค่าแนะนำครบ 100 บาทจึงถอนได้').waitFor();
    await referrer.page.waitForLoadState('networkidle');
    expect(await seriousViolations(referrer.page)).toEqual([]);
    await referrer.context.close();
  });
});
