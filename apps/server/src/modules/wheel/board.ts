import { maskName, maskPhone } from '@chok/engine/engagement/mask';
import { SPIN_DEFAULTS } from '@chok/engine/engagement/wheel';
import { formatBaht } from '@chok/engine/money';
import type { Db } from '../../platform/db.ts';
import { memberRefs } from '../members/service.ts';
import { bigWins } from './spin-queries.ts';

/**
 * The board (docs/rules/engagement.md §9 rule 4): the last 20 prizes of 20 baht or more, with the
 * winners' names and phones masked.
 */
export async function board(db: Db) {
  const rows = await bigWins(db, SPIN_DEFAULTS.boardMinSatang, SPIN_DEFAULTS.boardSize);
  const refs = await memberRefs(
    db,
    rows.map((r) => r.member_id),
  );
  return rows.map((r) => {
    const ref = refs.get(r.member_id);
    return {
      spin_id: r.id,
      name: maskName(ref?.account_name ?? ''),
      phone: maskPhone(ref?.phone ?? ''),
      prize_label: r.label,
      amount: formatBaht(r.amount),
      created_at: r.created_at.toISOString(),
    };
  });
}
