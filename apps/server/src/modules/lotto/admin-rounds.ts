import { bangkokDate } from '@chok/engine/bangkok-calendar';
import { rateToX100, winningKeys, x100ToRate } from '@chok/engine/lotto/match';
import { type MarketSchedule, roundsOn } from '@chok/engine/lotto/schedule';
import { type BetType, betTypeDigits, betTypeLabels, betTypes, todKey } from '@chok/engine/lotto/types';
import { bahtToSatang, formatBaht } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findMarket } from './admin-markets-queries.ts';
import { mergeRates, type RateChanges, rateOverrides, rateTableView } from './admin-rates.ts';
import {
  type AdminRoundRow,
  billCounts,
  type ExposureRow,
  exposureRows,
  lockRoundByKey,
  openRoundNow,
  paidNow,
  type RoundFilter,
  roundExtras,
  roundPage,
  setRoundRates,
  wouldPay,
} from './admin-rounds-queries.ts';
import type { LottoDeps } from './deps.ts';
import { proposeResult } from './result-entries.ts';
import { roundFlags } from './result-entries-queries.ts';
import { findRound, numberLimitsWithExposure, type RoundRow } from './round-queries.ts';
import { roundSummary } from './round-views.ts';
import { createRounds, roundRows } from './scheduler.ts';
import type { RateTable } from './settings.ts';
import { deriveOrRefuse, sameResult } from './settlement.ts';
import { templatesForScheduler } from './templates.ts';
import { templateById } from './templates-queries.ts';

/**
 * The console's rounds (docs/rules/lottery.md §3–§8): the list, one round, opening a round, the
 * result preview and the correction flow, per-round rate overrides, เลขอั้น and the live exposure.
 */

const STATE_LABELS: Record<RoundRow['status'], string> = {
  scheduled: 'ยังไม่เปิดรับ',
  open: 'เปิดรับแทง',
  closed: 'ปิดรับแทง',
  resulted: 'ออกผล',
  settled: 'ออกผลและจ่ายรางวัล',
  cancelled: 'ถูกยกเลิก',
};

async function mustRound(d: LottoDeps, roundId: number) {
  const r = await findRound(d.db, roundId);
  if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
  return r;
}

function adminRow(r: AdminRoundRow) {
  return {
    ...roundSummary(r),
    result: r.result,
    result_version: r.result_version,
    rate_overridden: r.rate_overridden,
    bills: r.bills,
    total_stake: formatBaht(Number(r.total_stake)),
  };
}

/** Rounds by date (today by default, or a range), status and market, newest date first, paged. */
export async function listRounds(
  d: LottoDeps,
  q: RoundFilter & { date?: string | undefined; page: number; page_size: number },
) {
  const ranged = q.from !== undefined || q.to !== undefined;
  const { rows, total } = await roundPage(
    d.db,
    { ...q, day: q.date ?? (ranged ? undefined : bangkokDate(d.clock.now())) },
    (q.page - 1) * q.page_size,
    q.page_size,
  );
  return { items: rows.map(adminRow), total, page: q.page, page_size: q.page_size };
}

/** One round with what the console shows of it. */
export async function adminRoundDetail(d: LottoDeps, roundId: number) {
  const r = await mustRound(d, roundId);
  const [extras, counts, flags] = await Promise.all([
    roundExtras(d.db, roundId),
    billCounts(d.db, roundId),
    roundFlags(d.db, roundId),
  ]);
  const template = flags?.template_id ? await templateById(d.db, flags.template_id) : undefined;
  const by = (s: string) => counts.find((c) => c.status === s);
  const live = counts.filter((c) => ['pending', 'won', 'lost'].includes(c.status));
  return {
    ...adminRow({
      ...r,
      bills: live.reduce((s, c) => s + c.n, 0),
      total_stake: live.reduce((s, c) => s + Number(c.stake), 0),
    }),
    result_raw: extras?.result_raw ?? null,
    resulted_at: extras?.resulted_at?.toISOString() ?? null,
    settled_at: extras?.settled_at?.toISOString() ?? null,
    cancel_reason: extras?.cancel_reason ?? null,
    rates: rateTableView(r.settings.rates),
    market_rates: rateTableView(extras?.market_rates as RateTable),
    rate_overrides: extras?.rate_overrides ?? null,
    shot_count: r.shot_count,
    bill_counts: {
      pending: by('pending')?.n ?? 0,
      won: by('won')?.n ?? 0,
      lost: by('lost')?.n ?? 0,
      cancelled: by('cancelled')?.n ?? 0,
      refunded: by('refunded')?.n ?? 0,
    },
    total_win: formatBaht(counts.reduce((s, c) => s + Number(c.win ?? 0), 0)),
    server_now: d.clock.now().toISOString(),
    result_review: flags?.result_review_at != null,
    scheduled_close_at: flags?.scheduled_close_at?.toISOString() ?? null,
    template: template ? { id: template.id, name: template.name } : null,
  };
}

/**
 * Creates a market's rounds of a business date as the scheduler does (idempotent: an existing round
 * is kept as it is) and opens round `round_no` now when it is still scheduled. Opening early never
 * moves close_at (docs/rules/lottery.md §6.1). Audited when it changes anything.
 */
export async function openRoundFor(
  d: LottoDeps,
  b: { market_id: number; business_date: string; round_no: number; reason?: string | undefined },
  staffId: number,
) {
  const m = await findMarket(d.db, b.market_id);
  if (!m) throw new AppError('LOTTO_MARKET_NOT_FOUND');
  const now = d.clock.now();
  const times = roundsOn(m.schedule as MarketSchedule, b.business_date);
  const wanted = times.find((t) => t.round_no === b.round_no);
  const noDraw = () =>
    new AppError('LOTTO_NO_DRAW_ON_DATE', { market: m.name, round: b.round_no, date: b.business_date });
  if (!wanted) throw noDraw();
  const id = await inTransaction(d.db, async (tx) => {
    const template = (await templatesForScheduler(d, [m])).get(m.id);
    const rows = roundRows(m, times, now, template);
    const created = rows.length > 0 ? await createRounds(tx, rows, template) : 0;
    const key = await lockRoundByKey(tx, m.id, b.business_date, b.round_no);
    if (!key) throw new AppError('LOTTO_OPEN_TOO_LATE');
    const r = (await findRound(tx, key.id))!;
    if ((r.status === 'scheduled' || r.status === 'open') && r.close_at <= r.db_now)
      throw new AppError('LOTTO_OPEN_TOO_LATE');
    if (r.status !== 'scheduled' && r.status !== 'open')
      throw new AppError('LOTTO_OPEN_NOT_ALLOWED', { state: STATE_LABELS[r.status] });
    const opening = r.status === 'scheduled';
    if (opening) await openRoundNow(tx, r.id, now);
    if (opening || created > 0) {
      await appendAudit(tx, {
        actorType: 'staff',
        actorId: staffId,
        action: 'lotto.round.open',
        entity: 'lotto_round',
        entityId: r.id,
        before: { status: r.status, open_at: r.open_at },
        after: {
          status: 'open',
          market_id: m.id,
          business_date: b.business_date,
          round_no: b.round_no,
          rounds_created: created,
          ...(b.reason ? { reason: b.reason } : {}),
        },
      });
      await d.events.publish(tx, 'lotto', 'rounds', { round_id: r.id, status: 'open' });
    }
    return { id: r.id, created, opened: true };
  });
  const r = (await findRound(d.db, id.id))!;
  return { ...roundSummary(r), created: id.created, opened: id.opened };
}

/** The winning numbers of a result, per bet type the round offers, as the console lists them. */
function winningView(r: RoundRow, keys: Record<BetType, string[]>) {
  return betTypes
    .filter((t) => r.settings.rates[t]?.enabled && keys[t].length > 0)
    .map((t) => ({ bet_type: t, label: betTypeLabels[t], numbers: keys[t] }));
}

const winnerList = (keys: Record<BetType, string[]>) =>
  Object.entries(keys).flatMap(([t, ks]) => ks.map((k) => `${t}:${k}`));

/**
 * Derives an official output by the round's rule without saving anything (docs/rules/lottery.md
 * §1, §5): the numbers each bet type wins and what the round's live bets would be paid by it.
 */
export async function previewResult(d: LottoDeps, roundId: number, raw: Record<string, unknown>) {
  const r = await mustRound(d, roundId);
  if (r.derive_rule === 'yeekee') throw new AppError('LOTTO_RESULT_BY_SHOOTING');
  const result = deriveOrRefuse(r.derive_rule, raw);
  const keys = winningKeys(result);
  const current = r.status === 'resulted' || r.status === 'settled' ? r.result : null;
  const [pay, paid] = await Promise.all([wouldPay(d.db, r.id, winnerList(keys)), paidNow(d.db, r.id)]);
  return {
    round_id: r.id,
    derive_rule: r.derive_rule,
    result,
    winning: winningView(r, keys),
    current,
    current_version: r.result_version,
    same_as_current: sameResult(current, result),
    winning_items: pay.items,
    winning_bills: pay.bills,
    would_pay: formatBaht(Number(pay.pay)),
    paid_now: formatBaht(paid),
  };
}

/**
 * Proposes a correction of a saved result (docs/rules/lottery.md §8.3): the version the operator read
 * must still be the round's. Like a first result it needs a second person entering the same numbers;
 * then its wins are reversed and the round settled again, once. A retry after it was applied answers
 * the round as it is.
 */
export function correctResult(
  d: LottoDeps,
  roundId: number,
  b: { raw: Record<string, unknown>; reason: string; expected_version: number },
  staffId: number,
) {
  return proposeResult(
    d,
    roundId,
    b.raw,
    { reason: b.reason, expectedVersion: b.expected_version },
    { staffId },
  );
}

/**
 * Sets a round's own rates (docs/rules/lottery.md §3), or resets them to its market's, while the
 * round has not closed. The round row is locked, so bills in flight finish first and the next ones
 * see the new rates (the settings change bumps rules_version); a placed item keeps its rate_snapshot.
 */
export async function overrideRoundRates(
  d: LottoDeps,
  roundId: number,
  b: { rates: RateChanges; reset_to_market: boolean; reason: string },
  staffId: number,
) {
  return inTransaction(d.db, async (tx) => {
    const r = await findRound(tx, roundId, 'update');
    if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
    if (r.status !== 'scheduled' && r.status !== 'open')
      throw new AppError('LOTTO_RATES_LOCKED', { state: STATE_LABELS[r.status] });
    if (r.close_at <= r.db_now) throw new AppError('LOTTO_RATES_LOCKED', { state: STATE_LABELS.closed });
    const m = (await findMarket(tx, r.market_id))!;
    const marketRates = m.rates as unknown as RateTable;
    const rates = mergeRates(b.reset_to_market ? marketRates : r.settings.rates, b.rates, r.derive_rule);
    const overrides = rateOverrides(rates, marketRates);
    await setRoundRates(
      tx,
      r.id,
      JSON.stringify({ ...r.settings, rates }),
      overrides ? JSON.stringify(overrides) : null,
    );
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'lotto.round.rates',
      entity: 'lotto_round',
      entityId: r.id,
      before: { rates: rateTableView(r.settings.rates) },
      after: { rates: rateTableView(rates), overrides, reset_to_market: b.reset_to_market, reason: b.reason },
    });
    const topic = r.derive_rule === 'yeekee' ? `yeekee:${r.id}` : `lotto_round:${r.id}`;
    await d.events.publish(tx, topic, 'rates', { round_id: r.id });
    return { round_id: r.id, rates: rateTableView(rates), rate_overrides: overrides };
  });
}

/** A round's เลขอั้น with the stake accepted on each and what is left under its ceiling. */
export async function numberLimitList(d: LottoDeps, roundId: number) {
  const r = await mustRound(d, roundId);
  const rows = await numberLimitsWithExposure(d.db, r.id);
  return {
    round_id: r.id,
    items: rows.map((l) => {
      const t = r.settings.rates[l.bet_type as BetType];
      const roundRate = t ? rateToX100(t.rate) : 0;
      const accepted = Number(l.accepted_amount ?? 0);
      const ceiling = Math.min(bahtToSatang(t?.ceiling ?? 0), l.cap ?? Number.MAX_SAFE_INTEGER);
      return {
        bet_type: l.bet_type as BetType,
        label: betTypeLabels[l.bet_type as BetType] ?? l.bet_type,
        number: l.number,
        action: l.action as 'closed' | 'reduced_rate' | 'capped',
        rate:
          l.action === 'reduced_rate'
            ? x100ToRate(l.rate !== null ? rateToX100(l.rate) : Math.floor(roundRate / 2))
            : null,
        cap: l.cap === null ? null : Math.floor(Number(l.cap) / 100),
        accepted: formatBaht(accepted),
        remaining: l.action === 'closed' ? null : formatBaht(Math.max(0, ceiling - accepted)),
      };
    }),
  };
}

/**
 * What the house pays per bet type and number if it comes (docs/rules/lottery.md §4): the top
 * `top` numbers by payout (of one bet type, if given), the totals per bet type and, for a looked-up
 * number, its line in every bet type of its length (three_tod by its sorted digits).
 */
export async function roundExposure(
  d: LottoDeps,
  roundId: number,
  q: { bet_type?: BetType | undefined; number?: string | undefined; top: number },
) {
  const r = await mustRound(d, roundId);
  const [rows, limits] = await Promise.all([exposureRows(d.db, r.id), numberLimitsWithExposure(d.db, r.id)]);
  const limitOf = new Map(limits.map((l) => [`${l.bet_type}:${l.number}`, l]));
  const view = (x: ExposureRow) => {
    const t = x.bet_type as BetType;
    const l = t === 'three_tod' ? undefined : limitOf.get(`${t}:${x.number}`);
    const ceiling = Math.min(
      bahtToSatang(r.settings.rates[t]?.ceiling ?? 0),
      l?.action === 'capped' && l.cap !== null ? Number(l.cap) : Number.MAX_SAFE_INTEGER,
    );
    const stake = x.accepted ?? x.stake;
    return {
      bet_type: t,
      label: betTypeLabels[t] ?? t,
      number: x.number,
      stake: formatBaht(stake),
      payout: formatBaht(x.payout),
      items: x.items,
      ceiling: formatBaht(ceiling),
      remaining: formatBaht(l?.action === 'closed' ? 0 : Math.max(0, ceiling - stake)),
      limit: (l?.action as 'closed' | 'reduced_rate' | 'capped' | undefined) ?? null,
    };
  };
  const totals = betTypes
    .filter((t) => r.settings.rates[t]?.enabled || rows.some((x) => x.bet_type === t))
    .map((t) => {
      const of = rows.filter((x) => x.bet_type === t);
      return {
        bet_type: t,
        label: betTypeLabels[t],
        stake: formatBaht(of.reduce((s, x) => s + x.stake, 0)),
        max_payout: formatBaht(of.reduce((s, x) => Math.max(s, x.payout), 0)),
        items: of.reduce((s, x) => s + x.items, 0),
      };
    });
  const top = rows
    .filter((x) => !q.bet_type || x.bet_type === q.bet_type)
    .slice(0, q.top)
    .map(view);
  let lookup = null;
  if (q.number !== undefined) {
    const n = q.number;
    lookup = betTypes
      .filter((t) => betTypeDigits[t] === n.length && (!q.bet_type || q.bet_type === t))
      .filter((t) => r.settings.rates[t]?.enabled || rows.some((x) => x.bet_type === t))
      .map((t) => {
        const key = t === 'three_tod' ? todKey(n) : n;
        const found = rows.find((x) => x.bet_type === t && x.number === key);
        return view(found ?? { bet_type: t, number: key, stake: 0, accepted: null, payout: 0, items: 0 });
      });
  }
  return { round_id: r.id, status: r.status, server_now: d.clock.now().toISOString(), totals, top, lookup };
}
