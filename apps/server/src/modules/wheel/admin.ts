import type { Db } from '../../platform/db.ts';
import { memberRefs } from '../members/service.ts';
import { spinsPage } from './spin-queries.ts';
import { prizesOf } from './version-queries.ts';
import { prizeOf } from './versions.ts';
import { amountText } from './views.ts';

/** The operator's list of spins, newest first (of one member with `memberId`). */
export async function listSpins(
  db: Db,
  q: { member_id?: number | undefined; page: number; per_page: number; page_size?: number | undefined },
) {
  const size = q.page_size ?? q.per_page;
  const { items, total } = await spinsPage(
    db,
    q.member_id === undefined ? {} : { memberId: q.member_id },
    size,
    (q.page - 1) * size,
  );
  const prizes = await prizesOf(
    db,
    items.map((s) => s.version),
  );
  const refs = await memberRefs(
    db,
    items.map((s) => s.member_id),
  );
  return {
    items: items.map((s) => {
      const prize = prizeOf(prizes, s.version, s.prize_index);
      return {
        id: s.id,
        member_id: s.member_id,
        phone: refs.get(s.member_id)?.phone ?? '',
        version: s.version,
        prize_index: s.prize_index,
        prize_label: prize.label,
        kind: prize.kind,
        amount: amountText(prize.kind, prize.amount),
        paid_with: s.paid_with,
        points_spent: s.points_spent,
        spin_date: s.spin_date,
        created_at: s.created_at.toISOString(),
        rewarded_at: s.rewarded_at?.toISOString() ?? null,
        claim_id: s.claim_id,
      };
    }),
    total,
    page: q.page,
    page_size: size,
  };
}
