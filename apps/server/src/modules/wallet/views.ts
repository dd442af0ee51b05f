import { formatBaht } from '@chok/engine/money';
import { describeLine } from './describe.ts';
import { transferKinds } from './kinds.ts';
import type { FreezeDetail, FreezeRow } from './reconciliation-queries.ts';
import type { StatementLine } from './statement-queries.ts';

/** A statement line as the member reads it. */
export function statementItemView(r: StatementLine & { game_name: string | null }) {
  return {
    id: r.id,
    created_at: r.created_at.toISOString(),
    kind: transferKinds[r.kind].group,
    kind_label: transferKinds[r.kind].label,
    description: describeLine(r),
    direction: r.direction,
    amount: formatBaht(r.amount),
    wallet_type_id: r.wallet_type_id,
    wallet_name: r.wallet_name,
    reference: r.reference,
  };
}

/** A reconciliation freeze as the operator reads it. */
export function freezeView(r: FreezeRow, phone: string) {
  const detail = r.detail as unknown as FreezeDetail;
  return {
    id: r.id,
    member_id: r.member_id,
    phone,
    reason: r.reason,
    reason_label: 'ยอดกระเป๋าไม่ตรงกับรายการบัญชี (ตรวจสอบประจำคืน)',
    accounts: (detail.accounts ?? []).map((a) => ({
      account_id: a.account_id,
      wallet_type_id: a.wallet_type_id,
      balance: formatBaht(a.balance),
      derived: formatBaht(a.derived),
    })),
    created_at: r.created_at.toISOString(),
    cleared_at: r.cleared_at?.toISOString() ?? null,
    cleared_by: r.cleared_by,
    clear_note: r.clear_note,
  };
}
