import { bangkokDate } from '@chok/engine/bangkok-calendar';
import { AppError } from '../../platform/errors.ts';
import { memberRefs } from '../members/service.ts';
import { roundPage } from './admin-rounds-queries.ts';
import { shotPage } from './admin-yeekee-queries.ts';
import type { LottoDeps } from './deps.ts';
import { findRound } from './round-queries.ts';
import { roundSummary } from './round-views.ts';

/** Yeekee rounds for the console (docs/rules/lottery.md §9): results and the published shot lists. */

/** A phone number as staff of the lottery see it: the first three and last three digits. */
export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 3)}${'x'.repeat(phone.length - 6)}${phone.slice(-3)}` : 'xxx';
}

/** A business day's yeekee rounds with their shot counts and, once drawn, S, P16 and R. */
export async function yeekeeRoundList(
  d: LottoDeps,
  q: { date?: string | undefined; status?: string | undefined; page: number; page_size: number },
) {
  const { rows, total } = await roundPage(
    d.db,
    { day: q.date ?? bangkokDate(d.clock.now()), status: q.status, deriveRule: 'yeekee' },
    (q.page - 1) * q.page_size,
    q.page_size,
  );
  return {
    items: rows.map((r) => {
      const drawn = r.status === 'resulted' || r.status === 'settled';
      return {
        ...roundSummary(r),
        shot_count: r.shot_count,
        result: drawn ? r.result : null,
        sum: drawn && r.yeekee_sum !== null ? String(r.yeekee_sum) : null,
        p16: drawn ? r.yeekee_p16 : null,
        r: drawn ? r.yeekee_r : null,
        chain_head: drawn ? r.chain_head : null,
        seal_commitment: r.seal_commitment,
      };
    }),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

/**
 * A yeekee round's shot list, as it is published once shooting has closed (§9 Transparency 2), with
 * who shot each number as a masked phone. While shooting is open only the count is given: nobody,
 * staff included, sees the running list that decides the result.
 */
export async function yeekeeShotList(d: LottoDeps, roundId: number, q: { page: number; page_size: number }) {
  const r = await findRound(d.db, roundId);
  if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
  if (r.derive_rule !== 'yeekee') throw new AppError('LOTTO_NOT_YEEKEE');
  const published = r.status === 'resulted' || r.status === 'settled' || r.status === 'cancelled';
  const rows = published ? await shotPage(d.db, r.id, (q.page - 1) * q.page_size, q.page_size) : [];
  const members = await memberRefs(
    d.db,
    rows.map((s) => s.member_id),
  );
  return {
    items: rows.map((s) => ({
      seq: s.seq,
      member_id: s.member_id,
      member: maskPhone(members.get(s.member_id)?.phone ?? ''),
      member_ref: s.member_ref,
      number: s.number,
      server_ts: s.server_ts.toISOString(),
      hash: s.hash,
    })),
    total: published ? r.shot_count : 0,
    page: q.page,
    page_size: q.page_size,
    published,
    shot_count: r.shot_count,
  };
}
