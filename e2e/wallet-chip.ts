import type { Page } from 'playwright-core';
import { expect } from 'vitest';

function satang(text: string | null, amount: RegExp): number {
  const m = amount.exec((text ?? '').trim());
  if (!m) throw new Error(`not a baht amount: ${text}`);
  return (Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3])) * (m[1] ? -1 : 1);
}

/** "5,350.00" → 535000 satang; anything but a baht amount fails the test. */
export const satangOf = (text: string | null) => satang(text, /^(-?)([\d,]+)\.(\d{2})$/);

/** The baht amount within a text ("ยอดเงิน 5,350.00") in satang. */
export const satangIn = (text: string | null) => satang(text, /(-?)([\d,]+)\.(\d{2})/);

/** The header chip's total of the member's wallets, once it has loaded, in satang. */
export async function chipTotal(page: Page): Promise<number> {
  await page.getByTestId('wallet-total').waitFor();
  await expect.poll(() => page.getByTestId('wallet-total').textContent()).not.toBe('–');
  return satangOf(await page.getByTestId('wallet-total').textContent());
}
