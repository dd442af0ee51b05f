import { randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { MAIN_WALLET, memberBalance } from '../wallet/service.ts';
import { LINE_USER_ID, type LineMessaging, MULTICAST_MAX } from './messaging.ts';
import {
  deleteFinishedBefore,
  finishBatch,
  insertBatch,
  insertBroadcast,
  insertPushes,
  leaseDueBatches,
  markPushes,
  type PushKind,
  reachable,
  releaseBatch,
  retryBatchAt,
  takeQueued,
} from './push-queries.ts';
import { announcementText, billText, depositText, resultText, withdrawalText } from './texts.ts';

/**
 * LINE messages, docs/rules/connectors.md §5. The queue side runs in the caller's transaction (the one
 * that credits the deposit, pays the withdrawal, settles the bills), so a message exists exactly when
 * what it tells committed; the send side is a job that batches, calls LINE and retries.
 */

/** A deposit credited or a withdrawal paid: one message, if the member opted into it. */
export async function queueMoneyPush(
  ex: Executor,
  m: { kind: 'deposit' | 'withdrawal'; memberId: number; amountSatang: number; ref: string; now: Date },
): Promise<void> {
  const [who] = await reachable(ex, m.kind, [m.memberId]);
  if (!who) return;
  const balance = who.show_balance ? await memberBalance(ex, m.memberId, MAIN_WALLET) : undefined;
  const text =
    m.kind === 'deposit' ? depositText(m.amountSatang, balance) : withdrawalText(m.amountSatang, balance);
  await insertPushes(ex, m.kind, [{ member_id: m.memberId, text, dedupe_key: `${m.kind}:${m.ref}` }], m.now);
}

export interface SettledBillNotice {
  billId: number;
  memberId: number;
  won: boolean;
  winSatang: number;
  stakeSatang: number;
}

/**
 * A round's settled bills: one message per bill of a member who opted into bills. `version` is the
 * result version the bills were settled under: a re-run of the same settlement queues nothing new.
 */
export async function queueBillPushes(
  ex: Executor,
  r: {
    marketName: string;
    drawDate: string;
    version: number;
    bills: readonly SettledBillNotice[];
    now: Date;
  },
): Promise<number> {
  if (r.bills.length === 0) return 0;
  const members = [...new Set(r.bills.map((b) => b.memberId))];
  const wanted = new Set((await reachable(ex, 'bill', members)).map((w) => w.member_id));
  const rows = r.bills
    .filter((b) => wanted.has(b.memberId))
    .map((b) => ({
      member_id: b.memberId,
      text: billText({ ...b, marketName: r.marketName, drawDate: r.drawDate }),
      dedupe_key: `bill:${b.billId}:v${r.version}`,
    }));
  return insertPushes(ex, 'bill', rows, r.now);
}

/** A market's result: the same text to every member following the market (sent by multicast). */
export function queueResultPushes(
  ex: Executor,
  r: {
    roundId: number;
    marketId: number;
    marketName: string;
    drawDate: string;
    version: number;
    lines: string[];
    now: Date;
  },
): Promise<number> {
  return insertBroadcast(ex, {
    kind: 'result',
    text: resultText(r),
    keyPrefix: `result:${r.roundId}:v${r.version}`,
    marketId: r.marketId,
    now: r.now,
  });
}

/** An important announcement to every member who opted into announcements. */
export function queueAnnouncement(ex: Executor, a: { id: string; text: string; now: Date }): Promise<number> {
  return insertBroadcast(ex, {
    kind: 'announcement',
    text: announcementText(a.text),
    keyPrefix: `announcement:${a.id}`,
    now: a.now,
  });
}

/** Personal messages go one push each; the same text to many goes by multicast. */
const MULTICAST_KINDS: ReadonlySet<PushKind> = new Set(['result', 'announcement']);
/** A message not batched within a day is old news: dropped, not sent. */
const STALE_MS = 86_400_000;
/** Backoff after a 429, a 5xx or no answer: 15 s doubling, at most 30 minutes; given up after 12 tries. */
export const RETRY_BASE_MS = 15_000;
const RETRY_MAX_MS = 30 * 60_000;
export const MAX_ATTEMPTS = 12;
const LEASE_MS = 120_000;

export interface PushDeps {
  db: Db;
  clock: Clock;
  messaging: LineMessaging;
}

/**
 * The send job: batches the queued messages (dropping those whose member opted out, unlinked or
 * unfollowed since), then sends the due batches. Each batch keeps its retry key for every attempt,
 * so a retry of a request LINE already accepted is answered 409 and delivers nothing twice. A call
 * to retry (429, 5xx, no answer) ends this run: the rest wait for the next one.
 */
export async function sendLinePushes(
  d: PushDeps,
): Promise<{ sent: number; retried: number; failed: number }> {
  const out = { sent: 0, retried: 0, failed: 0 };
  if (!(await d.messaging.configured())) return out;
  await batchQueued(d);
  for (;;) {
    const due = await leaseDueBatches(d.db, d.clock.now(), LEASE_MS, 50);
    if (due.length === 0) return out;
    for (const b of due) {
      const r = await d.messaging.send({ to: b.recipients, text: b.text, retryKey: b.retry_key });
      const now = d.clock.now();
      if (r.kind === 'sent' || r.kind === 'refused' || b.attempts + 1 >= MAX_ATTEMPTS) {
        const state = r.kind === 'sent' ? 'sent' : 'failed';
        await inTransaction(d.db, (tx) => finishBatch(tx, b.id, { state, status: r.status, now }));
        out[state === 'sent' ? 'sent' : 'failed'] += 1;
        continue;
      }
      const wait = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** b.attempts);
      await retryBatchAt(d.db, b.id, r.status, new Date(now.getTime() + wait));
      out.retried += 1;
      // LINE is rate limiting or unwell: give back the other leased batches at once (not counted as a
      // try) and end this run; the next run takes them.
      for (const other of due) if (other.id > b.id) await releaseBatch(d.db, other.id, now);
      return out;
    }
  }
}

async function batchQueued(d: PushDeps) {
  for (;;) {
    const taken = await inTransaction(d.db, async (tx) => {
      const now = d.clock.now();
      const rows = await takeQueued(tx, 2000, new Date(now.getTime() - STALE_MS));
      const gone = rows.filter(
        (r) => r.stale || !r.deliverable || !r.line_user_id || !LINE_USER_ID.test(r.line_user_id),
      );
      await markPushes(
        tx,
        gone.map((r) => r.id),
        { state: 'dropped', now },
      );
      const groups = new Map<string, { kind: PushKind; text: string; ids: number[]; to: string[] }>();
      for (const r of rows) {
        if (gone.includes(r)) continue;
        const key = MULTICAST_KINDS.has(r.kind) ? `${r.kind}\u0000${r.text}` : `one\u0000${r.id}`;
        let g = groups.get(key);
        if (!g || g.to.length >= MULTICAST_MAX) {
          if (g) groups.set(`${key}\u0000${r.id}`, g);
          g = { kind: r.kind, text: r.text, ids: [], to: [] };
          groups.set(key, g);
        }
        g.ids.push(r.id);
        g.to.push(r.line_user_id as string);
      }
      for (const g of groups.values()) {
        // One LINE account is one recipient: a member's two messages of one multicast text are one.
        const to = [...new Set(g.to)];
        const batchId = await insertBatch(tx, {
          kind: g.kind,
          text: g.text,
          recipients: to,
          retryKey: randomUUID(),
          now,
        });
        await markPushes(tx, g.ids, { state: 'batched', batchId });
      }
      return rows.length;
    });
    if (taken < 2000) return;
  }
}

/** Messages and batches are kept 30 days after they finished, then removed (a daily job). */
export const KEEP_DAYS = 30;
export function pruneLinePushes(d: Pick<PushDeps, 'db' | 'clock'>): Promise<number> {
  return deleteFinishedBefore(d.db, new Date(d.clock.now().getTime() - KEEP_DAYS * 86_400_000));
}
