import { formatBaht, type Satang, satang } from '@chok/engine/money';
import { bahtInWords } from '@chok/engine/payments/promotion';
import { inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { depositRule, memberPromotionHistory, offeredPromotions } from './content-queries.ts';
import type { PaymentsDeps } from './deps.ts';
import {
  bonusWalletCategories,
  type MemberPromotionStatus,
  memberPromotionLabels,
  progressPercent,
  ruleOfJoin,
  termsView,
} from './promotion-views.ts';
import { type ActivePromotion, cancelMemberPromotion, ineligibility, settlePromotion } from './promotions.ts';

// What a member sees of the deposit promotions (docs/rules/engagement.md §1) and the cancel (§1.5).

const SIGN_IN = 'กรุณาเข้าสู่ระบบเพื่อรับโปรโมชั่น';
const NOT_A_DEPOSIT_PROMOTION = 'โปรโมชั่นนี้ไม่ต้องเลือกตอนฝากเงิน';

/** The offered promotions with their rules, each marked eligible or not for the member (or a visitor). */
async function offered(deps: PaymentsDeps, tx: Tx, memberId: number | null, now: Date) {
  const active = memberId === null ? null : await settlePromotion(tx, deps.ledger, memberId, now);
  const categories = await bonusWalletCategories(tx);
  const items = [];
  for (const row of await offeredPromotions(tx, deps.agentId)) {
    const rule = ruleOfJoin(row);
    let reason: string | null;
    if (memberId === null) reason = SIGN_IN;
    else if (rule === null) reason = NOT_A_DEPOSIT_PROMOTION;
    else reason = await ineligibility(tx, memberId, rule, now);
    items.push({
      id: row.id,
      title: row.title,
      description: row.description,
      image: row.image,
      terms: row.terms,
      rules: rule === null ? null : termsView(rule, categories),
      eligible: reason === null,
      reason,
    });
  }
  return { active, items };
}

/** `GET /api/promotion/list`: the promotions a member may pick for the next deposit, and why not. */
export async function promotionList(
  deps: PaymentsDeps,
  memberId: number | null,
  agent: { given: string | undefined; ours: string },
) {
  if (agent.given !== undefined && agent.given !== '' && agent.given !== agent.ours)
    throw new AppError('AGENT_NOT_FOUND');
  const now = deps.clock.now();
  return (await inTransaction(deps.db, (tx) => offered(deps, tx, memberId, now))).items;
}

/** `GET /api/member/payment/promotions`: the deposit form's promotions and the one still running. */
export async function depositPromotionList(deps: PaymentsDeps, memberId: number) {
  const now = deps.clock.now();
  const { active, items } = await inTransaction(deps.db, (tx) => offered(deps, tx, memberId, now));
  return {
    active: active
      ? {
          title: active.title,
          required_turnover: formatBaht(active.required),
          turnover: formatBaht(active.turnover),
          ends_at: active.endsAt.toISOString(),
        }
      : null,
    items: items
      .filter((i) => i.rules !== null)
      .map((i) => ({
        id: i.id,
        title: i.title,
        description: i.description,
        image: i.image,
        min_deposit: i.rules!.min_deposit,
        eligible: i.eligible,
        reason: i.reason,
      })),
  };
}

async function activeView(tx: Tx, a: ActivePromotion) {
  const rule = await depositRule(tx, a.promotionId);
  const returns = Math.min(a.bonusBalance, a.deposit);
  return {
    id: a.id,
    promotion_id: a.promotionId,
    title: a.title,
    deposit: formatBaht(a.deposit),
    bonus: formatBaht(a.bonus),
    bonus_wallet: formatBaht(a.bonusBalance),
    turnover: formatBaht(a.turnover),
    required_turnover: formatBaht(a.required),
    remaining_turnover: formatBaht(Math.max(0, a.required - a.turnover)),
    progress_percent: progressPercent(a.turnover, a.required),
    max_withdraw: a.maxWithdraw === null ? null : formatBaht(a.maxWithdraw),
    taken_at: a.takenAt.toISOString(),
    ends_at: a.endsAt.toISOString(),
    open_round: a.openRound,
    cancel_returns: formatBaht(returns),
    cancel_forfeits: formatBaht(a.bonusBalance - returns),
    lines: rule ? termsView(rule, await bonusWalletCategories(tx)).lines : [],
  };
}

/** `GET /api/member/promotions`: the running promotion brought up to date, and the history. */
export async function memberPromotions(deps: PaymentsDeps, memberId: number) {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const active = await settlePromotion(tx, deps.ledger, memberId, now);
    const history = await memberPromotionHistory(tx, memberId, 50);
    return {
      active: active ? await activeView(tx, active) : null,
      history: history.map((h) => ({
        id: h.id,
        promotion_id: h.promotion_id,
        title: h.title,
        deposit: formatBaht(h.deposit_satang),
        bonus: formatBaht(h.bonus_satang),
        required_turnover: formatBaht(h.required_turnover_satang),
        status: h.status,
        status_label: memberPromotionLabels[h.status],
        taken_at: h.taken_at.toISOString(),
        ends_at: h.ends_at.toISOString(),
        closed_at: h.closed_at?.toISOString() ?? null,
        released: h.released_satang === null ? null : formatBaht(h.released_satang),
        forfeited: h.forfeited_satang === null ? null : formatBaht(h.forfeited_satang),
      })),
    };
  });
}

function outcomeMessage(status: MemberPromotionStatus, release: Satang, forfeit: Satang): string {
  const moved = `${bahtInWords(release)} บาทเข้ากระเป๋าหลัก`;
  const cut = forfeit > 0 ? ` ส่วนที่เหลือ ${bahtInWords(forfeit)} บาทถูกตัดออกตามเงื่อนไข` : '';
  switch (status) {
    case 'completed':
      return `ทำเทิร์นครบแล้ว ย้ายเงิน ${moved}${cut}`;
    case 'expired':
      return `โปรโมชั่นหมดเวลาแล้ว คืนเงิน ${moved}${cut}`;
    case 'lost':
      return 'ยอดในกระเป๋าโบนัสต่ำกว่า 1 บาท โปรโมชั่นสิ้นสุดแล้ว';
    default:
      return release > 0 ? `ยกเลิกโปรโมชั่นแล้ว คืนเงิน ${moved}${cut}` : `ยกเลิกโปรโมชั่นแล้ว${cut}`;
  }
}

/** `POST /api/member/promotions/cancel` (G1 inside, G4 on the endpoint). */
export async function cancelPromotion(deps: PaymentsDeps, memberId: number, memberPromotionId: number) {
  const now = deps.clock.now();
  const out = await inTransaction(deps.db, (tx) =>
    cancelMemberPromotion(tx, deps.ledger, memberId, memberPromotionId, now),
  );
  return {
    status: out.status,
    status_label: memberPromotionLabels[out.status],
    released: formatBaht(out.release),
    forfeited: formatBaht(out.forfeit),
    message: outcomeMessage(out.status, satang(out.release), satang(out.forfeit)),
  };
}
