import { formatBaht } from '@chok/engine/money';
import type { MemberRef } from '../members/service.ts';
import type { ClaimStatus } from '../rewards/service.ts';
import type { campaignCodes, campaignRows, couponUses, searchCodes } from './admin-queries.ts';

/** What became of a coupon's reward, as the member reads it. */
export const claimStatusLabels = {
  paid: 'ได้รับเครดิตฟรีแล้ว',
  held: 'รอเจ้าหน้าที่ตรวจสอบ',
  rejected: 'ไม่อนุมัติ',
} as const;

type CampaignRow = Awaited<ReturnType<typeof campaignRows>>[number];
type CodeRow = Awaited<ReturnType<typeof campaignCodes>>[number];
type CodeLineRow = Awaited<ReturnType<typeof searchCodes>>['items'][number];
type UseRow = Awaited<ReturnType<typeof couponUses>>['items'][number];

export function campaignView(r: CampaignRow) {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    amount: formatBaht(r.amount_satang),
    expires_at: r.expires_at?.toISOString() ?? null,
    status: r.status,
    code: r.kind === 'campaign' ? (r.first_code ?? null) : null,
    operator_code: r.operator_code,
    codes: Number(r.codes ?? 0),
    quota: Number(r.quota ?? 0),
    used: Number(r.used ?? 0),
    created_at: r.created_at.toISOString(),
    created_by: r.created_by,
    disabled_at: r.disabled_at?.toISOString() ?? null,
  };
}

export function codeView(r: CodeRow, members: Map<number, MemberRef>) {
  return {
    id: r.id,
    campaign_id: r.campaign_id,
    code: r.code,
    member_id: r.member_id,
    member_phone: r.member_id === null ? null : (members.get(r.member_id)?.phone ?? null),
    quota: r.quota,
    used: r.used,
    status: r.status,
    disabled_at: r.disabled_at?.toISOString() ?? null,
  };
}

/** A code in the operator's search over all campaigns: the code and its campaign's terms. */
export function codeLineView(r: CodeLineRow, members: Map<number, MemberRef>) {
  return {
    ...codeView(r, members),
    campaign_title: r.campaign_title,
    campaign_kind: r.campaign_kind,
    amount: formatBaht(r.amount_satang),
    expires_at: r.expires_at?.toISOString() ?? null,
  };
}

function statusOf(statuses: Map<number, ClaimStatus>, claimId: number) {
  const status = statuses.get(claimId);
  // coupon_use.claim_id references reward_claim: a use without its claim cannot exist.
  if (status === undefined) throw new Error(`coupon use without its reward claim ${claimId}`);
  // A coupon is redeemed by the member, so a block refuses it rather than withholding it (payReward).
  if (status === 'withheld') throw new Error(`coupon claim ${claimId} withheld`);
  return status;
}

/** A redemption as the operator reads it; the status is the reward claim's (G5 may hold it). */
export function useView(r: UseRow, members: Map<number, MemberRef>, statuses: Map<number, ClaimStatus>) {
  return {
    id: r.id,
    coupon_id: r.coupon_id,
    code: r.code,
    campaign_id: r.campaign_id,
    campaign_title: r.campaign_title,
    member_id: r.member_id,
    phone: members.get(r.member_id)?.phone ?? '',
    amount: formatBaht(r.amount_satang),
    status: statusOf(statuses, r.claim_id),
    used_at: r.created_at.toISOString(),
  };
}
