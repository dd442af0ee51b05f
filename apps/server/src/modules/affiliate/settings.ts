import type { adminUpdateAffiliateSettings } from '@chok/contract/api/affiliate';
import type { BodyOf } from '@chok/contract/endpoint';
import { AFFILIATE_DEFAULTS, type AffiliateRules } from '@chok/engine/engagement/affiliate';
import { formatBaht, parseBaht, satang } from '@chok/engine/money';
import { z } from 'zod';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { readSetting, saveSetting } from '../rewards/service.ts';

/**
 * The affiliate programme's operator settings (docs/rules/engagement.md §11: every number is a
 * default): the two commission rates and the redeem minimum and daily limit, one `reward_setting`
 * value. A day's lines keep the rate they were computed with, so a change applies from the next run.
 */
export const FEATURE = 'affiliate';

const stored = z
  .object({
    level1_bp: z.number().int().min(0).max(10_000, { error: 'อัตราค่าแนะนำต้องไม่เกิน 100%' }),
    level2_bp: z.number().int().min(0).max(10_000, { error: 'อัตราค่าแนะนำต้องไม่เกิน 100%' }),
    min_redeem_satang: z
      .number()
      .int()
      .min(100, { error: 'ยอดถอนขั้นต่ำต้องอย่างน้อย 1 บาท' })
      .max(100_000_000, { error: 'ยอดถอนขั้นต่ำสูงเกินไป' }),
    daily_limit_satang: z
      .number()
      .int()
      .min(100, { error: 'ยอดถอนสูงสุดต่อวันต้องอย่างน้อย 1 บาท' })
      .max(10_000_000_000, { error: 'ยอดถอนสูงสุดต่อวันสูงเกินไป' }),
  })
  .refine((s) => s.daily_limit_satang >= s.min_redeem_satang, {
    error: 'ยอดถอนสูงสุดต่อวันต้องไม่น้อยกว่ายอดถอนขั้นต่ำ',
  });
type Stored = z.infer<typeof stored>;

const defaults: Stored = {
  level1_bp: AFFILIATE_DEFAULTS.level1Bp,
  level2_bp: AFFILIATE_DEFAULTS.level2Bp,
  min_redeem_satang: AFFILIATE_DEFAULTS.minRedeem,
  daily_limit_satang: AFFILIATE_DEFAULTS.dailyLimit,
};

function rulesOf(s: Stored): AffiliateRules {
  return {
    level1Bp: s.level1_bp,
    level2Bp: s.level2_bp,
    minRedeem: satang(s.min_redeem_satang),
    dailyLimit: satang(s.daily_limit_satang),
  };
}

export async function readRules(ex: Executor): Promise<AffiliateRules> {
  return rulesOf(await readSetting(ex, FEATURE, stored, defaults));
}

/** Basis points as the percent text of the wire: 500 → "5.00". */
export function percentText(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

export function settingsView(r: AffiliateRules) {
  return {
    level1_percent: percentText(r.level1Bp),
    level2_percent: percentText(r.level2Bp),
    min_redeem: formatBaht(r.minRedeem),
    daily_limit: formatBaht(r.dailyLimit),
  };
}

export async function affiliateSettings(db: Db) {
  return settingsView(await readRules(db));
}

/** An operator changes the settings (audited by saveSetting, with the value before). */
export async function updateAffiliateSettings(
  db: Db,
  staffId: number,
  body: BodyOf<typeof adminUpdateAffiliateSettings>,
) {
  const value: Stored = {
    level1_bp: body.level1_percent,
    level2_bp: body.level2_percent,
    min_redeem_satang: parseBaht(body.min_redeem),
    daily_limit_satang: parseBaht(body.daily_limit),
  };
  const saved = await inTransaction(db, (tx) => saveSetting(tx, FEATURE, stored, value, staffId));
  return settingsView(rulesOf(saved));
}
