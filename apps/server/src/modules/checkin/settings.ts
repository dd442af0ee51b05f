import type { adminUpdateCheckinSettings } from '@chok/contract/api/checkin';
import type { BodyOf } from '@chok/contract/endpoint';
import { CHECKIN_DEFAULTS, type CheckinRules } from '@chok/engine/engagement/checkin';
import { formatBaht, parseBaht, satang } from '@chok/engine/money';
import { z } from 'zod';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { readSetting, saveSetting } from '../rewards/service.ts';

/**
 * The check-in's operator settings (docs/rules/engagement.md §5: every number is a default): the
 * deposit condition, points per stamp and the milestones, kept as one `reward_setting` value.
 */
export const FEATURE = 'checkin';

export interface CheckinSettings extends CheckinRules {
  /** Off: nobody can stamp (CHECKIN_CLOSED); the calendar still shows. */
  enabled: boolean;
}

const stored = z
  .object({
    enabled: z.boolean(),
    min_deposit_satang: z
      .number()
      .int()
      .min(0, { error: 'ยอดฝากขั้นต่ำต้องไม่ติดลบ' })
      .max(100_000_000, { error: 'ยอดฝากขั้นต่ำสูงเกินไป' }),
    points_per_stamp: z
      .number()
      .int()
      .min(0, { error: 'แต้มต่อการเช็คอินต้องไม่ติดลบ' })
      .max(100_000, { error: 'แต้มต่อการเช็คอินสูงเกินไป' }),
    milestones: z
      .array(
        z.object({
          day: z
            .number()
            .int()
            .min(1)
            .max(CHECKIN_DEFAULTS.cycleDays, {
              error: `วันที่ได้รางวัลต้องอยู่ระหว่าง 1–${CHECKIN_DEFAULTS.cycleDays}`,
            }),
          free_credit_satang: z
            .number()
            .int()
            .min(1, { error: 'เครดิตฟรีของแต่ละรางวัลต้องมากกว่า 0 บาท' })
            .max(100_000_000, { error: 'เครดิตฟรีสูงเกินไป' }),
        }),
      )
      .max(CHECKIN_DEFAULTS.cycleDays),
  })
  .superRefine((s, ctx) => {
    for (let i = 1; i < s.milestones.length; i++) {
      if (s.milestones[i]!.day <= s.milestones[i - 1]!.day) {
        ctx.issues.push({
          code: 'custom',
          path: ['milestones'],
          message: 'วันที่ได้รางวัลต้องเรียงจากน้อยไปมากและไม่ซ้ำกัน',
          input: s.milestones,
        });
        return;
      }
    }
  });

type Stored = z.output<typeof stored>;

const DEFAULTS: Stored = {
  enabled: true,
  min_deposit_satang: CHECKIN_DEFAULTS.minDepositSatang,
  points_per_stamp: CHECKIN_DEFAULTS.pointsPerStamp,
  milestones: CHECKIN_DEFAULTS.milestones.map((m) => ({ day: m.day, free_credit_satang: m.freeCredit })),
};

function rulesOf(s: Stored): CheckinSettings {
  return {
    enabled: s.enabled,
    minDepositSatang: satang(s.min_deposit_satang),
    pointsPerStamp: s.points_per_stamp,
    cycleDays: CHECKIN_DEFAULTS.cycleDays,
    milestones: s.milestones.map((m) => ({ day: m.day, freeCredit: satang(m.free_credit_satang) })),
  };
}

export async function checkinSettings(ex: Executor): Promise<CheckinSettings> {
  return rulesOf(await readSetting(ex, FEATURE, stored, DEFAULTS));
}

export function settingsView(s: CheckinSettings) {
  return {
    enabled: s.enabled,
    min_deposit: formatBaht(s.minDepositSatang),
    points_per_stamp: s.pointsPerStamp,
    cycle_days: s.cycleDays,
    milestones: s.milestones.map((m) => ({ day: m.day, free_credit: formatBaht(m.freeCredit) })),
  };
}

export async function adminSettings(db: Db) {
  return settingsView(await checkinSettings(db));
}

/** An operator's change (audited by saveSetting, with the value before). */
export async function updateSettings(
  db: Db,
  staffId: number,
  body: BodyOf<typeof adminUpdateCheckinSettings>,
) {
  const value: Stored = {
    enabled: body.enabled,
    min_deposit_satang: parseBaht(body.min_deposit),
    points_per_stamp: body.points_per_stamp,
    milestones: body.milestones.map((m) => ({ day: m.day, free_credit_satang: parseBaht(m.free_credit) })),
  };
  const saved = await inTransaction(db, (tx) => saveSetting(tx, FEATURE, stored, value, staffId));
  return settingsView(rulesOf(saved));
}
