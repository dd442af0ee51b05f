import { AppError } from '../../platform/errors.ts';
import type { Connectors } from '../connectors/service.ts';
import type { LottoDeps } from './deps.ts';
import { dueFeedRounds, type FeedStatus, feedRow, recordFeedTry } from './glo-results-queries.ts';
import { type Confirmation, proposeResult } from './result-entries.ts';
import { findRound } from './round-queries.ts';

/**
 * The official Thai government lottery results (docs/rules/lottery.md §8, "The official feed"): after
 * each GLO draw a job asks the Government Lottery Office's own result service for the draw, and a
 * published result becomes the feed's proposal, which one staff member's matching entry confirms.
 *
 * Written from the GLO's result service as its own result page (glo.or.th, "ตรวจผลสลากกินแบ่งรัฐบาล")
 * calls it, as publicly documented by the open clients of that endpoint:
 *   POST https://www.glo.or.th/api/checking/getLotteryResult
 *   body (JSON) {"date": "DD", "month": "MM", "year": "YYYY"}   (Christian-era year)
 *   answer {"status": …, "statusCode": …, "response": {"result": {"date": "YYYY-MM-DD", "period": …,
 *     "pdf_url": …, "data": {"first"|"second"|"third"|"fourth"|"fifth"|"near1"|"last3f"|"last3b"|"last2":
 *     {"price": "…", "number": [{"round": …, "value": "123456"}]}}}}}
 * Before the draw is published the answer carries no result, or placeholder numbers ("xxxxxx") while
 * the draw is under way: both read as "not yet", and the job tries again with backoff. GLO's
 * "latest draw" service (POST /api/lottery/getLatestLottery) answers the same `data` directly under
 * `response`, with `response.date`; either shape is read. The stand-in (apps/server/src/standins/glo.ts)
 * answers both the same way.
 */

export const GLO_CONNECTOR = 'glo';

/** The prize table as the feed keeps it in the raw result, by GLO's prize keys. */
const PRIZE_KEYS = [
  'first',
  'near1',
  'second',
  'third',
  'fourth',
  'fifth',
  'last3f',
  'last3b',
  'last2',
] as const;

export type Publication =
  | { state: 'published'; raw: Record<string, unknown> }
  | { state: 'not_yet' }
  | { state: 'error'; error: string };

type Prize = { price?: unknown; number?: { value?: unknown }[] };

/** Reads GLO's answer for the draw of `drawDate` (YYYY-MM-DD): the result in the glo rule's raw shape. */
export function readPublication(body: unknown, drawDate: string): Publication {
  const response = (body as { response?: unknown } | null)?.response as
    | { result?: { date?: unknown; data?: unknown }; date?: unknown; data?: unknown }
    | null
    | undefined;
  if (!response) return { state: 'not_yet' };
  const holder = response.result ?? response;
  const date = typeof holder.date === 'string' ? holder.date.slice(0, 10) : null;
  const data = holder.data as Record<string, Prize> | undefined;
  if (!data || date === null) return { state: 'not_yet' };
  // The latest-draw service answers the previous draw until this one is published.
  if (date !== drawDate) return { state: 'not_yet' };
  const values = (k: string) =>
    (data[k]?.number ?? []).map((n) => (typeof n.value === 'string' ? n.value.trim() : ''));
  const first = values('first')[0] ?? '';
  const front3 = values('last3f');
  const back3 = values('last3b');
  const last2 = values('last2')[0] ?? '';
  const published =
    /^[0-9]{6}$/.test(first) &&
    front3.length === 2 &&
    back3.length === 2 &&
    [...front3, ...back3].every((v) => /^[0-9]{3}$/.test(v)) &&
    /^[0-9]{2}$/.test(last2);
  if (!published) return { state: 'not_yet' };
  const prizes = Object.fromEntries(
    PRIZE_KEYS.map((k) => [k, { price: String(data[k]?.price ?? ''), numbers: values(k) }]),
  );
  return { state: 'published', raw: { first, front3, back3, last2, draw_date: drawDate, prizes } };
}

/** Asks one GLO publication for the draw of `drawDate`; never throws. */
export async function askGlo(
  connectors: Connectors,
  url: string,
  operation: string,
  drawDate: string,
): Promise<Publication> {
  const [year, month, day] = drawDate.split('-');
  try {
    const res = await connectors.fetch(GLO_CONNECTOR, operation, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ date: day, month, year }),
      timeoutMs: 10_000,
    });
    if (!res.ok) return { state: 'error', error: `HTTP ${res.status}` };
    const body = (await res.json().catch(() => null)) as unknown;
    if (body === null) return { state: 'error', error: 'answer is not JSON' };
    return readPublication(body, drawDate);
  } catch (err) {
    return { state: 'error', error: (err as Error).message.slice(0, 200) };
  }
}

/** Minutes to wait after try n: 1, 2, 4, 8, then every 15. */
export function feedBackoffMs(attempts: number): number {
  return Math.min(15, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

const sourceOf = (url: string) => {
  const u = new URL(url);
  return `${GLO_CONNECTOR} ${u.origin}${u.pathname}`;
};

/**
 * One try of the feed on one GLO round: ask the publication (and the check publication when set); a
 * published result that both agree on becomes the feed's proposal (`proposeResult`); otherwise the try
 * is recorded and the next one falls due with backoff. Does nothing on a round that already has a
 * result or a feed proposal, or before its draw time.
 */
export async function fetchOfficialResult(
  d: LottoDeps,
  roundId: number,
): Promise<{ outcome: Exclude<FeedStatus, 'waiting'> | 'done'; confirmation: Confirmation | null }> {
  const url = d.config.GLO_RESULTS_URL;
  if (!url || !d.connectors) throw new AppError('LOTTO_FEED_NOT_CONFIGURED');
  const r = await findRound(d.db, roundId);
  if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
  if (r.derive_rule !== 'glo') throw new AppError('LOTTO_FEED_NOT_GLO');
  const now = d.clock.now();
  if (now < r.expected_result_at) throw new AppError('LOTTO_RESULT_TOO_EARLY');
  const before = await feedRow(d.db, roundId);
  if (r.result_version > 0 || r.status === 'cancelled' || before?.last_status === 'proposed')
    return { outcome: 'done', confirmation: null };
  const record = async (status: Exclude<FeedStatus, 'waiting'>, error: string | null) => {
    const attempts = (before?.attempts ?? 0) + 1;
    await recordFeedTry(d.db, roundId, {
      status,
      error,
      next_at: new Date(now.getTime() + (status === 'proposed' ? 0 : feedBackoffMs(attempts))),
      at: now,
    });
  };
  const main = await askGlo(d.connectors, url, 'result', r.business_date);
  if (main.state !== 'published') {
    await record(main.state, main.state === 'error' ? main.error : null);
    return { outcome: main.state, confirmation: null };
  }
  const checkUrl = d.config.GLO_RESULTS_CHECK_URL;
  if (checkUrl) {
    const check = await askGlo(d.connectors, checkUrl, 'result_check', r.business_date);
    if (check.state !== 'published') {
      await record(check.state, check.state === 'error' ? `check: ${check.error}` : null);
      return { outcome: check.state, confirmation: null };
    }
    const key = (p: Record<string, unknown>) => JSON.stringify([p.first, p.front3, p.back3, p.last2]);
    if (key(check.raw) !== key(main.raw)) {
      await record('disagree', 'the two publications differ');
      return { outcome: 'disagree', confirmation: null };
    }
  }
  const source = sourceOf(url) + (checkUrl ? ` + ${sourceOf(checkUrl)}` : '');
  try {
    const proposed = await proposeResult(d, roundId, { ...main.raw, source }, {}, { feed: source });
    await record('proposed', null);
    return { outcome: 'proposed', confirmation: proposed.confirmation };
  } catch (err) {
    // The round changed under the feed (cancelled, or a result it cannot read): recorded, tried again later.
    if (!(err instanceof AppError)) throw err;
    await record('error', err.code);
    return { outcome: 'error', confirmation: null };
  }
}

/** The console's "fetch now" (lotto staff): one try at once, whatever the backoff says. */
export async function fetchOfficialNow(d: LottoDeps, roundId: number) {
  const r = await fetchOfficialResult(d, roundId);
  return { round_id: roundId, outcome: r.outcome, confirmation: r.confirmation };
}

/** Queues a feed job for each GLO round due a try (the minute sweep; a lost job is found again). */
export async function queueFeedFetches(d: LottoDeps, now: Date): Promise<number> {
  if (!d.config.GLO_RESULTS_URL || !d.connectors) return 0;
  const ids = await dueFeedRounds(d.db, now);
  for (const id of ids)
    await d.jobs.send('lotto.results.fetch', { round_id: id }, { singletonKey: `glo-result-${id}` });
  return ids.length;
}
