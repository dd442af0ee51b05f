import { parseBaht } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { insertPromotion, withdrawPromotion } from '../content/service.ts';
import { adminPromotionRows, lockPromotionWithRule } from './content-queries.ts';
import type { PaymentsDeps } from './deps.ts';
import { closePromotionRule, insertPromotionRule } from './promotion-queries.ts';
import { bonusWalletCategories, type RuleColumns, ruleOfJoin, termsView } from './promotion-views.ts';

/**
 * The operator's promotions (docs/rules/engagement.md §1): create one with its deposit rule, edit it
 * as a new version (the old version is no longer offered; members who took it keep the terms copied
 * into their member_promotion, and a deposit that chose it before the edit gets its terms), end it.
 * Every change is audited with the promotion as it was and as it is.
 */

interface PromotionInput {
  title?: string | undefined;
  description?: string | undefined;
  image?: string | null | undefined;
  terms?: string | undefined;
  sort_order?: number | undefined;
  kind?: 'percent' | 'fixed' | undefined;
  percent?: number | null | undefined;
  fixed_bonus?: string | null | undefined;
  cap?: string | null | undefined;
  min_deposit?: string | undefined;
  turnover_multiplier?: number | undefined;
  eligibility?: RuleColumns['eligibility'] | undefined;
  max_withdraw?: string | null | undefined;
  expiry_days?: number | undefined;
}

type Row = Awaited<ReturnType<typeof adminPromotionRows>>[number];

function adminView(r: Row, categories: string[]) {
  const rule = ruleOfJoin(r);
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    image: r.image,
    terms: r.terms,
    sort_order: r.sort_order,
    is_active: r.is_active,
    status:
      r.replaced_by !== null
        ? ('replaced' as const)
        : r.ended_at !== null
          ? ('ended' as const)
          : r.is_active
            ? ('active' as const)
            : ('inactive' as const),
    version: r.version ?? 1,
    replaces_id: r.replaces_id,
    replaced_by: r.replaced_by,
    ended_at: r.ended_at?.toISOString() ?? null,
    rules: rule === null ? null : termsView(rule, categories),
    running: Number(r.running ?? 0),
    taken: Number(r.taken ?? 0),
  };
}

async function viewOf(deps: PaymentsDeps, ex: Executor, id: number) {
  const [row] = await adminPromotionRows(ex, deps.agentId, id);
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return adminView(row, await bonusWalletCategories(ex));
}

export async function adminPromotionList(deps: PaymentsDeps) {
  const categories = await bonusWalletCategories(deps.db);
  return (await adminPromotionRows(deps.db, deps.agentId)).map((r) => adminView(r, categories));
}

/** Baht given (null: none), or else the earlier value. */
const money = (given: string | null | undefined, earlier: number | null | undefined): number | null =>
  given === undefined ? (earlier ?? null) : given === null ? null : parseBaht(given);

/** The rule an input gives, over `base` (a new version's previous rule) when a field is left out. */
function ruleOfInput(input: PromotionInput, base: RuleColumns | null): RuleColumns {
  const kind = input.kind ?? base?.kind ?? 'percent';
  const sameKind = base?.kind === kind;
  let value: number | null = null;
  if (kind === 'percent') value = input.percent ?? (sameKind ? base!.value : null);
  else value = input.fixed_bonus ? parseBaht(input.fixed_bonus) : sameKind ? base!.value : null;
  if (value === null || value <= 0) {
    const field = kind === 'percent' ? 'percent' : 'fixed_bonus';
    const message = kind === 'percent' ? 'กรุณาระบุเปอร์เซ็นต์โบนัส' : 'กรุณาระบุจำนวนโบนัส';
    throw new AppError('VALIDATION_FAILED', {}, { [field]: message });
  }
  return {
    kind,
    value,
    cap_satang: kind === 'fixed' ? null : money(input.cap, base?.cap_satang),
    min_deposit_satang: money(input.min_deposit, base?.min_deposit_satang) ?? 100_00,
    turnover_multiplier: input.turnover_multiplier ?? base?.turnover_multiplier ?? 5,
    eligibility: input.eligibility ?? base?.eligibility ?? 'first_of_day',
    max_withdraw_satang: money(input.max_withdraw, base?.max_withdraw_satang),
    expiry_days: input.expiry_days ?? base?.expiry_days ?? 7,
  };
}

function ruleValues(r: RuleColumns) {
  return {
    kind: r.kind,
    value: r.value,
    capSatang: r.cap_satang,
    minDepositSatang: r.min_deposit_satang,
    turnoverMultiplier: r.turnover_multiplier,
    eligibility: r.eligibility,
    maxWithdrawSatang: r.max_withdraw_satang,
    expiryDays: r.expiry_days,
  };
}

/** `POST /api/admin/promotions`: a new promotion with its deposit rule, offered at once. */
export async function createPromotion(deps: PaymentsDeps, input: PromotionInput, staffId: number) {
  const rule = ruleOfInput(input, null);
  return inTransaction(deps.db, async (tx) => {
    const { id } = await insertPromotion(tx, {
      agentId: deps.agentId,
      title: input.title ?? '',
      description: input.description ?? '',
      image: input.image ?? null,
      terms: input.terms ?? '',
      sortOrder: input.sort_order ?? 0,
      now: deps.clock.now(),
    });
    await insertPromotionRule(tx, {
      promotionId: id,
      ...ruleValues(rule),
      version: 1,
      replacesId: null,
      staffId,
    });
    const after = await viewOf(deps, tx, id);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'promotion.create',
      entity: 'promotion',
      entityId: id,
      after,
    });
    return after;
  });
}

/** `POST /api/admin/promotions/:id/versions`: the edit becomes a new promotion row replacing this one. */
export async function newPromotionVersion(
  deps: PaymentsDeps,
  id: number,
  input: PromotionInput,
  staffId: number,
) {
  return inTransaction(deps.db, async (tx) => {
    const old = await lockPromotionWithRule(tx, deps.agentId, id);
    if (!old) throw new AppError('RECORD_NOT_FOUND');
    if (old.replaced_by !== null || old.ended_at !== null) throw new AppError('PROMOTION_NOT_EDITABLE');
    const rule = ruleOfInput(input, old);
    const now = deps.clock.now();
    const before = await viewOf(deps, tx, id);
    const created = await insertPromotion(tx, {
      agentId: deps.agentId,
      title: input.title ?? old.title,
      description: input.description ?? old.description,
      image: input.image !== undefined ? input.image : old.image,
      terms: input.terms ?? old.terms,
      sortOrder: input.sort_order ?? old.sort_order,
      now,
    });
    await insertPromotionRule(tx, {
      promotionId: created.id,
      ...ruleValues(rule),
      version: old.version + 1,
      replacesId: id,
      staffId,
    });
    await closePromotionRule(tx, { promotionId: id, replacedBy: created.id, now, staffId });
    await withdrawPromotion(tx, id, now);
    const after = await viewOf(deps, tx, created.id);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'promotion.new_version',
      entity: 'promotion',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** `POST /api/admin/promotions/:id/end`: no longer offered; running member promotions go on. */
export async function endPromotion(deps: PaymentsDeps, id: number, staffId: number) {
  return inTransaction(deps.db, async (tx) => {
    const old = await lockPromotionWithRule(tx, deps.agentId, id);
    if (!old) throw new AppError('RECORD_NOT_FOUND');
    if (old.replaced_by !== null || old.ended_at !== null) throw new AppError('PROMOTION_NOT_EDITABLE');
    const before = await viewOf(deps, tx, id);
    const now = deps.clock.now();
    await closePromotionRule(tx, { promotionId: id, replacedBy: null, now, staffId });
    await withdrawPromotion(tx, id, now);
    const after = await viewOf(deps, tx, id);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'promotion.end',
      entity: 'promotion',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
