import { formatBaht } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { LottoDeps } from './deps.ts';
import { type FeedStatus, feedRow } from './glo-results-queries.ts';
import {
  closeEntries,
  insertEntry,
  markReview,
  openEntries,
  type ResultEntryRow,
  roundEntries,
  roundFlags,
} from './result-entries-queries.ts';
import { findRound } from './round-queries.ts';
import { ROUND_STATE_LABELS } from './round-views.ts';
import { applyLockedResult, deriveOrRefuse, sameResult, settleRound } from './settlement.ts';

/**
 * No result one person can make (docs/rules/lottery.md §8, "Who makes a result"). A result of a market
 * other than yeekee is proposed — by a staff member, or by the official feed — and written only when
 * two proposals from different sides agree: the feed and one staff member, or two different staff. A
 * disagreement closes the open proposals as a mismatch, puts the round under review and settles
 * nothing; the next two agreeing proposals make the result. A correction goes the same way.
 */

/** Who proposes: a staff member, or the official feed (its source, for the record). */
export type Proposer = { staffId: number } | { feed: string };

export type Confirmation = 'applied' | 'awaiting' | 'review';

const isStaff = (p: Proposer): p is { staffId: number } => 'staffId' in p;

/**
 * Records a proposal of a round's result and applies it when another side agrees. Refused before the
 * round's draw time (expected_result_at), on a cancelled or yeekee round, or for bad input. A staff
 * member entering again replaces their own open proposal: the same person twice is still one side.
 */
export async function proposeResult(
  d: LottoDeps,
  roundId: number,
  raw: Record<string, unknown>,
  opts: { reason?: string | undefined; expectedVersion?: number | undefined },
  by: Proposer,
) {
  const done = await inTransaction(d.db, async (tx) => {
    const r = await findRound(tx, roundId, 'update');
    if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
    if (r.derive_rule === 'yeekee') throw new AppError('LOTTO_RESULT_BY_SHOOTING');
    if (r.status === 'cancelled')
      throw new AppError('LOTTO_ROUND_FINAL', { state: ROUND_STATE_LABELS.cancelled! });
    const now = d.clock.now();
    if (now < r.expected_result_at || now < r.close_at) throw new AppError('LOTTO_RESULT_TOO_EARLY');
    const result = deriveOrRefuse(r.derive_rule, raw);
    const correcting = r.status === 'resulted' || r.status === 'settled';
    const unchanged = { r, result, confirmation: 'applied' as Confirmation, replayed: true };
    // The same result entered again (a retry, the second person late) is answered as it stands.
    if (correcting && opts.expectedVersion === undefined && sameResult(r.result, result))
      return { ...unchanged, version: r.result_version };
    if (correcting && isStaff(by) && !opts.reason)
      throw new AppError('LOTTO_REASON_REQUIRED', {}, { reason: 'กรุณาระบุเหตุผล' });
    if (opts.expectedVersion !== undefined) {
      // The correction flow names the version it read: a retry after it was applied answers the
      // round as it is (nothing is reversed twice), another operator's newer correction refuses.
      if (!correcting) throw new AppError('LOTTO_NO_RESULT_TO_CORRECT');
      if (r.result_version !== opts.expectedVersion) {
        if (sameResult(r.result, result)) return { ...unchanged, version: r.result_version };
        throw new AppError('LOTTO_RESULT_VERSION_CHANGED', { version: r.result_version });
      }
      if (sameResult(r.result, result)) throw new AppError('LOTTO_RESULT_SAME');
    }
    if (correcting && sameResult(r.result, result)) return { ...unchanged, version: r.result_version };
    // The feed proposes first results only; a correction is people's work.
    if (correcting && !isStaff(by)) return { ...unchanged, version: r.result_version };

    const target = r.result_version + 1;
    const open = await openEntries(tx, r.id, target);
    const mine = (e: ResultEntryRow) =>
      isStaff(by) ? e.source === 'staff' && e.staff_id === by.staffId : e.source === 'feed';
    await closeEntries(
      tx,
      open.filter(mine).map((e) => e.id),
      'superseded',
      now,
    );
    const others = open.filter((e) => !mine(e));
    const entryId = await insertEntry(tx, {
      round_id: r.id,
      target_version: target,
      source: isStaff(by) ? 'staff' : 'feed',
      staff_id: isStaff(by) ? by.staffId : null,
      feed_source: isStaff(by) ? null : by.feed,
      raw,
      result,
      reason: opts.reason ?? null,
      created_at: now,
    });
    await appendAudit(tx, {
      actorType: isStaff(by) ? 'staff' : 'system',
      actorId: isStaff(by) ? by.staffId : null,
      action: isStaff(by) ? 'lotto.result.propose' : 'lotto.result.feed',
      entity: 'lotto_round',
      entityId: r.id,
      before: null,
      after: {
        entry: entryId,
        version: target,
        result,
        raw,
        ...(isStaff(by) ? {} : { source: by.feed }),
        ...(opts.reason ? { reason: opts.reason } : {}),
      },
    });
    const base = { r, result, version: r.result_version, replayed: false };
    if (others.length === 0) return { ...base, confirmation: 'awaiting' as Confirmation };
    const ids = [...others.map((e) => e.id), entryId];
    if (!others.every((e) => sameResult(e.result, result))) {
      await closeEntries(tx, ids, 'mismatch', now);
      await markReview(tx, r.id, now);
      await appendAudit(tx, {
        actorType: isStaff(by) ? 'staff' : 'system',
        actorId: isStaff(by) ? by.staffId : null,
        action: 'lotto.result.mismatch',
        entity: 'lotto_round',
        entityId: r.id,
        before: null,
        after: {
          version: target,
          entries: [
            ...others.map((e) => ({ id: e.id, source: e.source, staff_id: e.staff_id, result: e.result })),
            {
              id: entryId,
              source: isStaff(by) ? 'staff' : 'feed',
              staff_id: isStaff(by) ? by.staffId : null,
              result,
            },
          ],
        },
      });
      await d.events.publish(tx, 'lotto', 'rounds', { round_id: r.id, review: true });
      return { ...base, confirmation: 'review' as Confirmation };
    }
    await closeEntries(tx, ids, 'applied', now);
    const staffIds = [
      ...(isStaff(by) ? [by.staffId] : []),
      ...others.flatMap((e) => (e.staff_id !== null ? [e.staff_id] : [])),
    ];
    const feed = isStaff(by) ? (others.find((e) => e.source === 'feed')?.feed_source ?? null) : by.feed;
    const reason = opts.reason ?? others.find((e) => e.reason)?.reason ?? undefined;
    const applied = await applyLockedResult(d, tx, r, {
      raw,
      result,
      reason,
      staffIds,
      feed,
      entryIds: ids,
    });
    return { ...base, version: applied.version, confirmation: 'applied' as Confirmation };
  });
  // A replay settles too: settlement is idempotent, and a replay that raced the applying call waits for
  // its settlement here instead of answering a round still being paid.
  const settled = done.confirmation === 'applied' ? await settleRound(d, roundId) : { bills: 0, paid: 0 };
  const after = await findRound(d.db, roundId);
  return {
    round_id: roundId,
    status: after!.status,
    confirmation: done.confirmation,
    result: done.result,
    result_version: done.version,
    settled_bills: settled.bills,
    paid: formatBaht(settled.paid),
    replayed: done.replayed,
  };
}

/**
 * The proposals of a round as one staff member may see them (docs/rules/lottery.md §8): the official
 * feed's with its source and time; their own; another person's open proposal only as "entered, numbers
 * hidden" — its numbers show once it is closed (applied or mismatched), that is after the viewer
 * entered theirs.
 */
export async function resultEntries(d: LottoDeps, roundId: number, viewerId: number) {
  const r = await findRound(d.db, roundId);
  if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
  const [rows, flags, feed] = await Promise.all([
    roundEntries(d.db, roundId),
    roundFlags(d.db, roundId),
    feedState(d, roundId, r.derive_rule),
  ]);
  return {
    round_id: r.id,
    status: r.status,
    result_version: r.result_version,
    review: flags?.result_review_at != null,
    review_at: flags?.result_review_at?.toISOString() ?? null,
    draw_at: r.expected_result_at.toISOString(),
    server_now: d.clock.now().toISOString(),
    feed,
    entries: rows.map((e) => {
      const hidden = e.state === 'open' && e.source === 'staff' && e.staff_id !== viewerId;
      return {
        id: e.id,
        target_version: e.target_version,
        source: e.source,
        staff: e.staff_name,
        mine: e.source === 'staff' && e.staff_id === viewerId,
        feed_source: e.feed_source,
        state: e.state,
        result: hidden ? null : e.result,
        raw: hidden ? null : e.raw,
        reason: hidden ? null : e.reason,
        created_at: e.created_at.toISOString(),
        closed_at: e.closed_at?.toISOString() ?? null,
      };
    }),
  };
}

/** The official feed's state for the console's proposals panel (GLO rounds only). */
async function feedState(d: LottoDeps, roundId: number, rule: string) {
  if (rule !== 'glo') return null;
  const f = await feedRow(d.db, roundId);
  return {
    configured: Boolean(d.config.GLO_RESULTS_URL && d.connectors),
    attempts: f?.attempts ?? 0,
    last_status: (f?.last_status as FeedStatus | undefined) ?? null,
    last_error: f?.last_error ?? null,
    next_at: f?.next_at.toISOString() ?? null,
  };
}
