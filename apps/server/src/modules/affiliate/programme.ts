import type { affiliateConfigs } from '@chok/contract/api/affiliate';
import type { QueryOf } from '@chok/contract/endpoint';
import { bangkokDate } from '@chok/engine/bangkok-calendar';
import { formatBaht, satang } from '@chok/engine/money';
import QRCode from 'qrcode';
import type { Db } from '../../platform/db.ts';
import { accountOf, entryTotals } from './account-queries.ts';
import type { AffiliateDeps } from './commission.ts';
import { lastPaidDay } from './commission-queries.ts';
import { networkCounts, referralOf } from './members-queries.ts';
import { percentText, readRules } from './settings.ts';

/** When the previous day's commission accrues (the job's cron, Bangkok time). */
export const ACCRUAL_TIME = '01:30';
/** A network member is active with a deposit within this many days (docs/rules/engagement.md §11 rule 4). */
export const ACTIVE_DAYS = 30;

/** The referral link of rule 1: `<origin>/register?ref=CODE` (a path when the origin is not known). */
export function referralLink(origin: string | undefined, code: string): string {
  return `${origin ?? ''}/register?ref=${encodeURIComponent(code)}`;
}

/** `GET /api/affiliate/v2/configs`: the rules, and for a member their code, link and its QR. */
export async function configs(db: Db, memberId: number | null, q: QueryOf<typeof affiliateConfigs>) {
  const rules = await readRules(db);
  const referral = memberId === null ? undefined : await referralOf(db, memberId);
  const link = referral ? referralLink(q.origin && new URL(q.origin).origin, referral.referral_code) : null;
  return {
    levels: [
      { level: 1, percent: percentText(rules.level1Bp) },
      { level: 2, percent: percentText(rules.level2Bp) },
    ],
    min_redeem: formatBaht(rules.minRedeem),
    daily_limit: formatBaht(rules.dailyLimit),
    accrual_time: ACCRUAL_TIME,
    active_days: ACTIVE_DAYS,
    referral_code: referral?.referral_code ?? null,
    link,
    // The same QR library and settings as the deposit QR (payments).
    qr_image: link
      ? await QRCode.toDataURL(link, { errorCorrectionLevel: 'M', type: 'image/png', margin: 2, scale: 8 })
      : null,
  };
}

/** `GET /api/affiliate/summary`: the balance, totals, today's allowance and the network's size. */
export async function summary(d: AffiliateDeps, memberId: number) {
  const today = bangkokDate(d.clock.now());
  const [rules, account, totals, last, counts] = await Promise.all([
    readRules(d.db),
    accountOf(d.db, memberId),
    entryTotals(d.db, memberId),
    lastPaidDay(d.db, memberId),
    networkCounts(d.db, memberId),
  ]);
  const balance = account?.balance_satang ?? 0;
  const redeemedToday = account?.redeem_day === today ? account.redeemed_day_satang : 0;
  const left = Math.max(0, rules.dailyLimit - redeemedToday);
  return {
    balance: formatBaht(satang(balance)),
    total_earned: formatBaht(satang(totals.earned)),
    total_redeemed: formatBaht(satang(totals.redeemed)),
    last_commission: last ? { day: last.day, amount: formatBaht(satang(last.amount_satang)) } : null,
    redeemed_today: formatBaht(satang(redeemedToday)),
    daily_left: formatBaht(satang(left)),
    min_redeem: formatBaht(rules.minRedeem),
    daily_limit: formatBaht(rules.dailyLimit),
    can_redeem: balance >= rules.minRedeem && left >= rules.minRedeem,
    network: counts,
  };
}
