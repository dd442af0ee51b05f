import type { statementKinds } from '@chok/contract/api/wallet';

type StatementKind = (typeof statementKinds)[number];

/** Every kind of ledger transfer, the statement group a member sees it under, and its Thai label. */
export const transferKinds = {
  deposit: { group: 'deposit', label: 'ฝากเงิน' },
  withdraw_hold: { group: 'withdraw', label: 'ถอนเงิน' },
  withdraw_release: { group: 'withdraw', label: 'คืนยอดถอน' },
  withdraw_paid: { group: 'withdraw', label: 'จ่ายยอดถอน' },
  bet: { group: 'bet', label: 'เดิมพัน' },
  win: { group: 'win', label: 'ได้รางวัล' },
  refund: { group: 'refund', label: 'คืนเงิน' },
  bonus: { group: 'bonus', label: 'โบนัส' },
  demo_credit: { group: 'bonus', label: 'เครดิตทดลอง' },
  reward: { group: 'bonus', label: 'รางวัลกิจกรรม' },
  adjustment: { group: 'adjustment', label: 'ปรับยอดโดยเจ้าหน้าที่' },
  forfeit: { group: 'adjustment', label: 'ตัดยอดคงเหลือ' },
  wallet_move: { group: 'adjustment', label: 'โอนระหว่างกระเป๋า' },
  debt_recovery: { group: 'adjustment', label: 'หักชำระยอดค้างจากการแก้ไขผลหวย' },
} as const satisfies Record<string, { group: StatementKind; label: string }>;

export type TransferKind = keyof typeof transferKinds;

export function kindsInGroup(group: StatementKind): TransferKind[] {
  return (Object.keys(transferKinds) as TransferKind[]).filter((k) => transferKinds[k].group === group);
}
