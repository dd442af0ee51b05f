import type { Page } from 'playwright-core';

export const DEMO = {
  rich: { phone: '0811111111', password: 'demo1234' },
  small: { phone: '0822222222', password: 'demo1234' },
  empty: { phone: '0833333333', password: 'demo1234' },
} as const;

/** Logs in through the /login form, as a member would, and waits for the wallet chip. */
export async function loginThroughForm(
  page: Page,
  baseUrl: string,
  who: { phone: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill(who.phone);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(who.password);
  await page.locator('form').getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByTestId('wallet-total').waitFor();
}
