import { bpToPercent, percentToBp, type RateRule } from '@chok/engine/engagement/cashback';
import { formatBaht, parseBaht, type Satang, satang } from '@chok/engine/money';
import { z } from 'zod';
import type { Db, Executor } from '../../platform/db.ts';
import { inTransaction } from '../../platform/db.ts';
import { readSetting, saveSetting } from '../rewards/service.ts';

/**
 * The operator's numbers for loss cashback (§3) and turnover commission (§4), kept as reward
 * settings (`reward_setting`, features `cashback` and `commission`; every change audited by
 * saveSetting). The defaults are docs/rules/engagement.md's: 5% (lotto 5%) from 1.00 baht; 0.2%
 * from 1 baht.
 */
const bp = z.number().int().min(1).max(10_000);
const minimum = z.number().int().min(1).max(100_000_000);

const lossSchema = z.object({
  enabled: z.boolean(),
  rate_bp: bp,
  lotto_rate_bp: bp,
  minimum_satang: minimum,
});
const commissionSchema = z.object({ enabled: z.boolean(), rate_bp: bp, minimum_satang: minimum });

export type LossSettings = z.infer<typeof lossSchema>;
export type CommissionSettings = z.infer<typeof commissionSchema>;

export const LOSS_DEFAULTS: LossSettings = {
  enabled: true,
  rate_bp: 500,
  lotto_rate_bp: 500,
  minimum_satang: 100,
};
export const COMMISSION_SETTING_DEFAULTS: CommissionSettings = {
  enabled: true,
  rate_bp: 20,
  minimum_satang: 100,
};

export const readLossSettings = (ex: Executor) => readSetting(ex, 'cashback', lossSchema, LOSS_DEFAULTS);
export const readCommissionSettings = (ex: Executor) =>
  readSetting(ex, 'commission', commissionSchema, COMMISSION_SETTING_DEFAULTS);

/** The rule the engine applies for `kind` under these settings. */
export function lossRule(s: LossSettings, kind: 'loss' | 'lotto'): RateRule {
  return { rateBp: kind === 'lotto' ? s.lotto_rate_bp : s.rate_bp, minimum: satang(s.minimum_satang) };
}

export function commissionRule(s: CommissionSettings): RateRule {
  return { rateBp: s.rate_bp, minimum: satang(s.minimum_satang) };
}

async function settingsView(ex: Executor) {
  const loss = await readLossSettings(ex);
  const commission = await readCommissionSettings(ex);
  return {
    loss: {
      enabled: loss.enabled,
      rate_percent: bpToPercent(loss.rate_bp),
      lotto_rate_percent: bpToPercent(loss.lotto_rate_bp),
      minimum: formatBaht(loss.minimum_satang as Satang),
    },
    commission: {
      enabled: commission.enabled,
      rate_percent: bpToPercent(commission.rate_bp),
      minimum: formatBaht(commission.minimum_satang as Satang),
    },
  };
}

export const cashbackSettingsView = (db: Db) => settingsView(db);

/** Percent text the contract checked ("5.00") → basis points. */
function bpOf(text: string): number {
  const n = percentToBp(text);
  if (n === null) throw new RangeError(`percent the contract should have refused: ${text}`);
  return n;
}

/** An operator replaces either or both settings (each audited with its value before). */
export async function updateCashbackSettings(
  db: Db,
  staffId: number,
  body: {
    loss?: { enabled: boolean; rate_percent: string; lotto_rate_percent: string; minimum: string };
    commission?: { enabled: boolean; rate_percent: string; minimum: string };
  },
) {
  return inTransaction(db, async (tx) => {
    if (body.loss) {
      await saveSetting(
        tx,
        'cashback',
        lossSchema,
        {
          enabled: body.loss.enabled,
          rate_bp: bpOf(body.loss.rate_percent),
          lotto_rate_bp: bpOf(body.loss.lotto_rate_percent),
          minimum_satang: parseBaht(body.loss.minimum),
        },
        staffId,
      );
    }
    if (body.commission) {
      await saveSetting(
        tx,
        'commission',
        commissionSchema,
        {
          enabled: body.commission.enabled,
          rate_bp: bpOf(body.commission.rate_percent),
          minimum_satang: parseBaht(body.commission.minimum),
        },
        staffId,
      );
    }
    return settingsView(tx);
  });
}
