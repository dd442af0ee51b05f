import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { freshMember, type MemberAccount } from './fresh-member.ts';
import { signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';
import { sandboxDeposit } from './staff.ts';

// The daily check-in (/checkin) and quests (/member/creditfree), docs/rules/engagement.md §5–§6, as a
// member uses them on a phone: deposit 100, stamp, see the streak; finish a quest and claim it.

const browserOf = useBrowser();
/** This file's members' bank accounts (fresh-member.ts). */
const ACCOUNT: MemberAccount = {
  bankCode: '004',
  accountPrefix: '5',
  accountName: (phone) => `เช็คอิน ภารกิจ${phone.slice(-4)}`,
};

describe('check-in and quests on a phone', () => {
  it('deposits 100, stamps the check-in and sees the streak; finishes the deposit quest and claims it', async () => {
    const member = await freshMember(ACCOUNT);
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    // No deposit today: the stamp button waits, with the Thai reason and the way to deposit.
    await signIn(page, baseUrl, member, '/checkin');
    await page.getByRole('heading', { name: 'เช็คอินรายวัน', exact: true }).waitFor();
    const button = page.getByRole('button', { name: 'เช็คอินวันนี้' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    await page.getByText('เช็คอินได้หลังมียอดฝากที่ยืนยันแล้วอย่างน้อย 100 บาทในวันนี้').waitFor();
    expect(
      await page.locator('#checkin-blocked').getByRole('link', { name: 'ฝากเงิน' }).getAttribute('href'),
    ).toBe('/member/deposit');
    await expect.poll(() => page.getByTestId('checkin-streak').textContent()).toBe('0 วัน');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    // A confirmed deposit of 100 today opens the stamp.
    await sandboxDeposit(baseUrl, member.token, 100);
    await page.reload();
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await page.getByText(/เช็คอินสำเร็จ ต่อเนื่อง 1 วัน รับ 10 แต้ม/).waitFor();
    await expect.poll(() => page.getByTestId('checkin-streak').textContent()).toBe('1 วัน');
    await page.getByRole('button', { name: 'วันนี้เช็คอินแล้ว' }).waitFor();
    expect(await page.getByRole('button', { name: 'วันนี้เช็คอินแล้ว' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('checkin-next').textContent()).toContain('อีก 2 วัน');
    const today = page.locator('.checkin-day.is-today');
    await expect.poll(() => today.getAttribute('data-state')).toBe('stamped');

    // The previous month has no stamps, and the next month is not offered yet.
    expect(await page.getByRole('button', { name: 'เดือนถัดไป' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'เดือนก่อนหน้า' }).click();
    await expect.poll(() => page.locator('.checkin-day.is-today').count()).toBe(0);
    expect(await page.locator('.checkin-day[data-state="stamped"]').count()).toBe(0);
    await page.getByRole('button', { name: 'เดือนถัดไป' }).click();
    await expect.poll(() => page.locator('.checkin-day[data-state="stamped"]').count()).toBe(1);

    // Quests: 100 of the daily 300 deposited; 200 more completes it.
    await page.goto(`${baseUrl}/member/creditfree`);
    await page.getByRole('heading', { name: 'ภารกิจรายวัน' }).waitFor();
    const card = page.getByTestId('quest-card').filter({ hasText: 'ฝากเงินครบ 300 บาท' });
    await expect.poll(() => card.getByTestId('quest-claim').textContent()).toBe('ยังไม่สำเร็จ');
    expect(await card.getByTestId('quest-claim').isDisabled()).toBe(true);
    expect(await card.getByTestId('quest-reward').textContent()).toBe('20 แต้ม');
    await expect.poll(() => page.getByTestId('member-points').textContent()).toBe('แต้มสะสม 10');
    await sandboxDeposit(baseUrl, member.token, 200);
    await page.reload();
    const claim = card.getByRole('button', { name: 'รับรางวัล' });
    await claim.waitFor();
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await claim.click();
    await page.getByText('รับรางวัลแล้ว: 20 แต้ม').waitFor();
    await expect.poll(() => card.getByTestId('quest-claim').textContent()).toBe('รับแล้ว');
    expect(await card.getByTestId('quest-claim').isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('member-points').textContent()).toBe('แต้มสะสม 30');
    await context.close();
  });
});
