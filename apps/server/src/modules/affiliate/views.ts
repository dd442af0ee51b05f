import type { affiliateEntryKinds } from '@chok/contract/api/affiliate';
import { maskName, maskPhone } from '@chok/engine/engagement/affiliate';
import { formatBaht, type Satang } from '@chok/engine/money';
import type { EntryRow } from './account-queries.ts';
import type { RunRow } from './commission-queries.ts';

type EntryKind = (typeof affiliateEntryKinds)[number];

export const entryKindLabels: Record<EntryKind, string> = {
  commission: 'ค่าแนะนำเพื่อน',
  redeem: 'ถอนเข้ากระเป๋าหลัก',
  returned: 'คืนยอดที่ถอน (ไม่ผ่านการตรวจสอบ)',
};

/** Satang as the baht a message shows: "100", "50,000", "99.50". */
export function bahtWords(s: number): string {
  return (s / 100).toLocaleString('th-TH', {
    minimumFractionDigits: s % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

export function entryView(e: EntryRow) {
  return {
    id: e.id,
    created_at: e.created_at.toISOString(),
    day: e.day,
    kind: e.kind,
    kind_label: entryKindLabels[e.kind],
    description: e.reference || entryKindLabels[e.kind],
    amount: formatBaht(e.amount_satang as Satang),
    balance_after: formatBaht(e.balance_after as Satang),
  };
}

export function networkItemView(
  m: { level: number; account_name: string; phone: string; created_at: Date },
  active: boolean,
) {
  return {
    level: m.level,
    name: maskName(m.account_name),
    phone: maskPhone(m.phone),
    joined_at: m.created_at.toISOString(),
    active,
  };
}

export function runView(r: RunRow) {
  return {
    id: r.id,
    day: r.day,
    started_at: r.started_at.toISOString(),
    finished_at: r.finished_at.toISOString(),
    by_staff: r.staff_id !== null,
    referrers: r.referrers,
    paid: r.paid,
    repeated: r.repeated,
    paid_amount: formatBaht(r.paid_satang as Satang),
    withheld: r.withheld,
    withheld_amount: formatBaht(r.withheld_satang as Satang),
  };
}
