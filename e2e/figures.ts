import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Settled play on past days, for pages that show yesterday's figures (loss cashback, win/loss). The
 * product's clock cannot be moved, and a round settles when it is played, so these are written as
 * the points accrual records settled rounds and resulted bills (`point_accrual`, the figures of
 * docs/rules/engagement.md §0 G6), stamped `daysAgo` Bangkok days back at noon.
 */
export interface PastFigure {
  daysAgo: number;
  category: 'casino' | 'slot' | 'sport' | 'fishing' | 'freespin' | 'lotto';
  /** Baht. */
  stake: number;
  /** Baht. */
  payout: number;
}

export async function seedSettledFigures(databaseUrl: string, phone: string, rows: PastFigure[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const member = await client.query<{ id: number }>('SELECT id FROM member WHERE phone = $1', [phone]);
    const memberId = member.rows[0]?.id;
    if (!memberId) throw new Error(`no member with phone ${phone}`);
    for (const r of rows) {
      const source = r.category === 'lotto' ? 'lotto' : 'game';
      await client.query(
        `INSERT INTO point_accrual (source_key, member_id, source, category, stake_satang, payout_satang, turnover_satang, points, settled_at)
         VALUES ($1, $2, $3, $4, $5, $6, $5, 0,
           (((now() AT TIME ZONE 'Asia/Bangkok')::date - $7::int) + time '12:00') AT TIME ZONE 'Asia/Bangkok')`,
        [
          `${source}:seed-${randomUUID()}`,
          memberId,
          source,
          r.category,
          Math.round(r.stake * 100),
          Math.round(r.payout * 100),
          r.daysAgo,
        ],
      );
    }
    return memberId;
  } finally {
    await client.end();
  }
}
