import type { Executor } from '../../platform/db.ts';
import type { DepositStatus } from './row-types.ts';

/**
 * Moves a request to paid `WHERE status IN (…)`; undefined when another path already decided it.
 */
export function markDepositPaid(
  ex: Executor,
  p: {
    requestId: number;
    from: readonly DepositStatus[];
    paidSatang: number;
    via: 'operator' | 'statement' | 'gateway';
    ref: string;
    staffId: number | null;
    now: Date;
  },
) {
  return ex
    .updateTable('deposit_request')
    .set({
      status: 'paid',
      paid_at: p.now,
      paid_satang: p.paidSatang,
      confirmed_via: p.via,
      confirm_ref: p.ref,
      confirmed_by: p.staffId,
      reserved: false,
      updated_at: p.now,
    })
    .where('id', '=', p.requestId)
    .where('status', 'in', p.from)
    .returningAll()
    .executeTakeFirst();
}

export async function setDepositNotice(ex: Executor, id: number, notice: string): Promise<void> {
  await ex.updateTable('deposit_request').set({ notice }).where('id', '=', id).execute();
}
