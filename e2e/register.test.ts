import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { baseUrl } from './lane.ts';
import { openPage, skipAnnouncements, storedToken } from './page.ts';
import { freshPhone, latestOtp, staffLogin } from './staff.ts';

const browserOf = useBrowser();
let staffToken: string;
beforeAll(async () => {
  staffToken = await staffLogin(baseUrl, 'support');
});

describe('registration with an OTP', () => {
  it('registers a new member end to end and lands logged in with 0.00 in the chip', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    const phone = freshPhone();
    await page.goto(`${baseUrl}/register?ref=DEMO0001`);
    expect(await page.getByLabel('รหัสผู้แนะนำ').inputValue()).toBe('DEMO0001');

    await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'ขอรหัส OTP' }).click();
    await page.getByText(/รหัสอ้างอิง [A-Z0-9]+/).waitFor();
    const otp = await latestOtp(baseUrl, staffToken, phone);

    await page.getByLabel('รหัส OTP').fill(otp);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill('secret123');
    await page.getByLabel('ยืนยันรหัสผ่าน').fill('secret123');
    await expect
      .poll(() => page.getByLabel('ธนาคาร', { exact: true }).locator('option').count())
      .toBeGreaterThan(5);
    await page.getByLabel('ธนาคาร', { exact: true }).selectOption('014');
    await page.getByLabel('เลขบัญชี').fill(`4${phone.slice(1)}`);
    await page.getByLabel('ชื่อ-นามสกุล (ตรงกับบัญชีธนาคาร)').fill('ทดสอบ สมัครใหม่');
    await page.getByRole('button', { name: 'ยืนยันการสมัครสมาชิก' }).click();

    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => page.getByTestId('wallet-total').textContent()).toBe('0.00');
    expect(await storedToken(page)).toBeTruthy();

    await page.goto(`${baseUrl}/member/profile`);
    await expect.poll(() => page.getByTestId('profile-phone').textContent()).toBe(phone);
    await context.close();
  });

  it('shows Thai errors next to the fields the server refused', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/register?referral_code=NOSUCHCODE`);
    expect(await page.getByLabel('รหัสผู้แนะนำ').inputValue()).toBe('NOSUCHCODE');

    // A phone that is already registered is flagged when the field is left.
    await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill('0811111111');
    await page.getByLabel('รหัส OTP').focus();
    await page.getByText('เบอร์โทรศัพท์นี้ถูกใช้สมัครสมาชิกแล้ว').waitFor();

    // A wrong OTP for a fresh phone is refused with the OTP field's message.
    const phone = freshPhone();
    await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'ขอรหัส OTP' }).click();
    await page.getByText(/รหัสอ้างอิง [A-Z0-9]+/).waitFor();
    const otp = await latestOtp(baseUrl, staffToken, phone);
    const wrong = otp === '000000' ? '111111' : '000000';
    await page.getByLabel('รหัส OTP').fill(wrong);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill('secret123');
    await page.getByLabel('ยืนยันรหัสผ่าน').fill('secret123');
    await page.getByLabel('ธนาคาร', { exact: true }).selectOption('004');
    await page.getByLabel('เลขบัญชี').fill(`5${phone.slice(1)}`);
    await page.getByLabel('ชื่อ-นามสกุล (ตรงกับบัญชีธนาคาร)').fill('ทดสอบ ผิดรหัส');
    await page.getByRole('button', { name: 'ยืนยันการสมัครสมาชิก' }).click();
    const referralField = page.locator('.field', { has: page.getByLabel('รหัสผู้แนะนำ') });
    await expect.poll(() => referralField.locator('.field__error').textContent()).toBe('ไม่พบรหัสผู้แนะนำนี้');

    await page.getByLabel('รหัสผู้แนะนำ').fill('');
    await page.getByRole('button', { name: 'ยืนยันการสมัครสมาชิก' }).click();
    const otpField = page.locator('.field', { has: page.getByLabel('รหัส OTP') });
    await expect.poll(() => otpField.locator('.field__error').textContent()).toBe('รหัส OTP ไม่ถูกต้อง');
    expect(new URL(page.url()).pathname).toBe('/register');

    // Mismatched passwords never reach the server.
    await page.getByLabel('ยืนยันรหัสผ่าน').fill('different');
    await page.getByRole('button', { name: 'ยืนยันการสมัครสมาชิก' }).click();
    await page.getByText('รหัสผ่านทั้งสองช่องไม่ตรงกัน').waitFor();
    await context.close();
  });
});
