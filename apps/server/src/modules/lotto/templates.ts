import { rateToX100, x100ToRate } from '@chok/engine/lotto/match';
import { type BetType, betTypeLabels, isValidNumber } from '@chok/engine/lotto/types';
import { bahtToSatang } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findMarket } from './admin-markets-queries.ts';
import { mergeRates, type RateChanges, rateOverrides, rateTableView } from './admin-rates.ts';
import type { LottoDeps } from './deps.ts';
import type { RateTable } from './settings.ts';
import {
  activeTemplates,
  deactivateTemplates,
  insertTemplate,
  removeTemplate,
  type TemplateLimit,
  type TemplateRow,
  templateById,
  templateList,
  updateTemplate,
} from './templates-queries.ts';

/**
 * Rate and เลขอั้น templates (docs/rules/lottery.md §3, §4, "Templates"): a market's rate changes and
 * restricted numbers saved once; the market's active template is applied by the scheduler to every
 * round it creates, so staff do not enter them again each draw. Audited.
 */

function view(t: TemplateRow) {
  return {
    id: t.id,
    market_id: t.market_id,
    market_name: t.market_name,
    name: t.name,
    rates: t.rates,
    number_limits: t.number_limits.map((l) => ({
      bet_type: l.bet_type as BetType,
      label: betTypeLabels[l.bet_type as BetType] ?? l.bet_type,
      number: l.number,
      action: l.action,
      rate: l.rate,
      cap: l.cap === null ? null : Math.floor(l.cap / 100),
    })),
    is_active: t.is_active,
    updated_at: t.updated_at.toISOString(),
    updated_by: t.updated_by,
  };
}

export async function listTemplates(d: LottoDeps, marketId: number | undefined) {
  return { items: (await templateList(d.db, marketId)).map(view) };
}

const invalid = (detail: string, field: string) =>
  new AppError('LOTTO_TEMPLATE_INVALID', { detail }, { [field]: detail });

/** Creates or replaces a template; with is_active it becomes its market's one active template. */
export async function saveTemplate(
  d: LottoDeps,
  b: {
    id?: number | undefined;
    market_id: number;
    name: string;
    rates: RateChanges;
    number_limits: {
      bet_type: BetType;
      number: string;
      action: 'closed' | 'reduced_rate' | 'capped';
      rate?: string | null | undefined;
      cap?: number | null | undefined;
    }[];
    is_active: boolean;
  },
  staffId: number,
) {
  const m = await findMarket(d.db, b.market_id);
  if (!m) throw new AppError('LOTTO_MARKET_NOT_FOUND');
  const marketRates = m.rates as unknown as RateTable;
  const merged = mergeRates(marketRates, b.rates, m.derive_rule);
  const overrides = rateOverrides(merged, marketRates);
  const seen = new Set<string>();
  const limits: TemplateLimit[] = b.number_limits.map((l, i) => {
    const field = `number_limits.${i}.number`;
    if (!isValidNumber(l.bet_type, l.number))
      throw invalid(`เลข ${l.number} ไม่ถูกต้องสำหรับ ${betTypeLabels[l.bet_type]}`, field);
    const key = `${l.bet_type}:${l.number}`;
    if (seen.has(key)) throw invalid(`เลข ${l.number} (${betTypeLabels[l.bet_type]}) ซ้ำในแม่แบบ`, field);
    seen.add(key);
    if (l.action === 'capped' && !l.cap)
      throw invalid(`กรุณาระบุยอดรับสูงสุดของเลข ${l.number}`, `number_limits.${i}.cap`);
    return {
      bet_type: l.bet_type,
      number: l.number,
      action: l.action,
      rate: l.action === 'reduced_rate' && l.rate ? x100ToRate(rateToX100(l.rate)) : null,
      cap: l.action === 'capped' ? bahtToSatang(l.cap ?? 0) : null,
    };
  });
  const now = d.clock.now();
  const id = await inTransaction(d.db, async (tx) => {
    let before: TemplateRow | undefined;
    if (b.id !== undefined) {
      before = await templateById(tx, b.id, true);
      if (!before || before.market_id !== b.market_id) throw new AppError('LOTTO_TEMPLATE_NOT_FOUND');
    }
    if (b.is_active) await deactivateTemplates(tx, b.market_id, b.id ?? null);
    const row = {
      name: b.name,
      rates: overrides ? JSON.stringify(overrides) : null,
      number_limits: JSON.stringify(limits),
      is_active: b.is_active,
      at: now,
      staff_id: staffId,
    };
    let saved: number;
    if (before) {
      await updateTemplate(tx, before.id, row);
      saved = before.id;
    } else saved = await insertTemplate(tx, { ...row, market_id: b.market_id });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'lotto.template.save',
      entity: 'lotto_template',
      entityId: saved,
      before: before ? view(before) : null,
      after: {
        market_id: b.market_id,
        name: b.name,
        rates: overrides,
        rate_table: rateTableView(merged),
        number_limits: limits,
        is_active: b.is_active,
      },
    });
    return saved;
  });
  return view((await templateById(d.db, id))!);
}

export async function deleteTemplate(d: LottoDeps, id: number, staffId: number) {
  return inTransaction(d.db, async (tx) => {
    const before = await templateById(tx, id, true);
    if (!before) throw new AppError('LOTTO_TEMPLATE_NOT_FOUND');
    await removeTemplate(tx, id);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'lotto.template.delete',
      entity: 'lotto_template',
      entityId: id,
      before: view(before),
      after: null,
    });
    return { id, deleted: true };
  });
}

export type ActiveTemplate = {
  id: number;
  rates: RateTable;
  overrides: RateChanges | null;
  limits: TemplateLimit[];
};

/**
 * Every market's active template as the scheduler applies it: the market's rates with the template's
 * changes. A template the market's current rates no longer admit (a max above a lowered ceiling) is
 * skipped, and the round takes the market's rates as before templates existed.
 */
export async function templatesForScheduler(
  d: Pick<LottoDeps, 'db'>,
  markets: { id: number; rates: unknown; derive_rule: string }[],
): Promise<Map<number, ActiveTemplate>> {
  const out = new Map<number, ActiveTemplate>();
  const rows = await activeTemplates(d.db);
  for (const t of rows) {
    const m = markets.find((x) => x.id === t.market_id);
    if (!m) continue;
    const marketRates = m.rates as RateTable;
    try {
      const rates = mergeRates(marketRates, (t.rates as RateChanges | null) ?? {}, m.derive_rule as never);
      out.set(t.market_id, {
        id: t.id,
        rates,
        overrides: rateOverrides(rates, marketRates),
        limits: t.number_limits as unknown as TemplateLimit[],
      });
    } catch {
      // Not applicable with the market's current rates: the round takes the market's.
    }
  }
  return out;
}
