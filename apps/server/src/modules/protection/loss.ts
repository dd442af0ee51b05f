import { type LimitPeriod, limitPeriods, nextPeriodStart } from '@chok/engine/engagement/protection';
import { bahtInWords } from '@chok/engine/payments/promotion';
import { AppError } from '../../platform/errors.ts';
import { thaiTime } from '../../platform/thai-time.ts';
import { blockedError } from './blocks.ts';
import { periodLabel } from './views.ts';

/**
 * The member's refusal for a bet the loss guard (protection/sql/protection_count_loss.sql) raised (docs/rules/protection.md
 * §2.3): which limit, and when its period resets. `detail` is the trigger's JSON.
 */
export function lossLimitError(detail: string | null): AppError {
  let d: { period?: string; limit_satang?: number; period_start?: string } = {};
  try {
    d = detail ? JSON.parse(detail) : {};
  } catch {
    d = {};
  }
  const period = (limitPeriods as readonly string[]).includes(d.period ?? '')
    ? (d.period as LimitPeriod)
    : 'day';
  const start = d.period_start && /^\d{4}-\d{2}-\d{2}$/.test(d.period_start) ? d.period_start : null;
  return new AppError('PROTECTION_LOSS_LIMIT', {
    period: periodLabel[period],
    limit: bahtInWords(d.limit_satang ?? 0),
    resets_at: start ? thaiTime(nextPeriodStart(period, start)) : '',
  });
}

/**
 * The member's refusal for any refusal the bet guard (protection/sql/protection_count_loss.sql) raised (a loss limit, a
 * time-out, a self-exclusion), or null for another code.
 */
export function raisedProtectionError(raised: { code: string; detail: string | null }): AppError | null {
  if (raised.code === 'PROTECTION_LOSS_LIMIT') return lossLimitError(raised.detail);
  if (raised.code !== 'PROTECTION_TIMEOUT' && raised.code !== 'PROTECTION_EXCLUDED') return null;
  let until: Date | null = null;
  try {
    const d = raised.detail ? (JSON.parse(raised.detail) as { until?: string | null }) : {};
    until = d.until ? new Date(d.until) : null;
  } catch {
    until = null;
  }
  return blockedError({ kind: raised.code === 'PROTECTION_TIMEOUT' ? 'timeout' : 'exclusion', until });
}
