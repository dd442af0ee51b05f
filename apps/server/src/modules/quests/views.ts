import type { QuestProgress } from '@chok/engine/engagement/quests';
import { formatBaht, type Satang } from '@chok/engine/money';
import { bahtInWords } from '@chok/engine/payments/promotion';
import type { ClaimRow } from '../rewards/service.ts';
import type { QuestPeriodKind, QuestRow, QuestTask } from './quest-queries.ts';

export const periodLabels: Record<QuestPeriodKind, string> = {
  daily: 'ภารกิจรายวัน',
  weekly: 'ภารกิจรายสัปดาห์',
  campaign: 'ภารกิจกิจกรรม',
};

const isMoney = (task: QuestTask) => task === 'deposit' || task === 'bet';

/** A target or progress figure as text: baht for deposit and bet, a whole number otherwise. */
export const figureText = (task: QuestTask, value: number) =>
  isMoney(task) ? formatBaht(value as Satang) : String(value);

export const rewardText = (kind: QuestRow['reward_kind'], amount: number) =>
  kind === 'points' ? String(amount) : formatBaht(amount as Satang);

export const rewardLabel = (kind: QuestRow['reward_kind'], amount: number) =>
  kind === 'points'
    ? `${amount.toLocaleString('en-US')} แต้ม`
    : `เครดิตฟรี ${bahtInWords(amount as Satang)} บาท`;

const STATUS = { paid: 'claimed', held: 'held', rejected: 'rejected', withheld: 'withheld' } as const;

/** A quest with the member's progress and this period's claim, as GET /api/quest/list shows it. */
export function questView(q: QuestRow, p: QuestProgress, claim: ClaimRow | undefined) {
  if (!p.period) throw new Error(`quest ${q.id} has no running period`);
  return {
    id: q.id,
    title: q.title,
    task: q.task,
    period: q.period,
    period_label: periodLabels[q.period],
    event_id: q.event_id,
    unit: isMoney(q.task) ? ('baht' as const) : q.task === 'rounds' ? ('rounds' as const) : ('days' as const),
    target: figureText(q.task, q.target),
    progress: figureText(q.task, p.shown),
    percent: Math.floor((p.shown * 100) / p.target),
    reward: {
      kind: q.reward_kind,
      amount: rewardText(q.reward_kind, q.reward_amount),
      label: rewardLabel(q.reward_kind, q.reward_amount),
    },
    period_start: p.period.start.toISOString(),
    period_end: p.period.end.toISOString(),
    complete: p.complete,
    claimable: p.claimable && !claim,
    status: claim ? STATUS[claim.status] : p.complete ? ('claimable' as const) : ('in_progress' as const),
    claim: claim
      ? {
          reward_kind: claim.reward_kind,
          amount: claim.reward_kind === 'points' ? String(claim.amount) : formatBaht(claim.amount as Satang),
        }
      : null,
  };
}

/** A quest as the operator reads and writes it. */
export function adminQuestView(q: QuestRow & { claims: number }) {
  return {
    id: q.id,
    code: q.code,
    title: q.title,
    task: q.task,
    target: figureText(q.task, q.target),
    period: q.period,
    starts_at: q.starts_at?.toISOString() ?? null,
    ends_at: q.ends_at?.toISOString() ?? null,
    event_id: q.event_id,
    reward_kind: q.reward_kind,
    reward_amount: rewardText(q.reward_kind, q.reward_amount),
    is_active: q.is_active,
    sort_order: q.sort_order,
    claims: q.claims,
    updated_at: q.updated_at.toISOString(),
  };
}
