import { randomInt } from 'node:crypto';
import { listen, readBody, sendJson } from './http-kit.ts';
import type { DemoStandIn } from './types.ts';

/**
 * A stand-in for the Government Lottery Office's result service (docs/rules/lottery.md §8), answering
 * as the adapter (`modules/lotto/glo-results.ts`) documents GLO's own endpoints:
 *   POST /api/checking/getLotteryResult  body {"date": "DD", "month": "MM", "year": "YYYY"}
 *     → {"status": true, "statusCode": 200, "response": {"result": {"date", "period", "displayDate",
 *        "pdf_url", "youtube_url", "data": {first, near1, second, third, fourth, fifth, last3f, last3b,
 *        last2: {"price", "number": [{"round", "value"}]}}}}}
 *   POST /api/lottery/getLatestLottery   → {"status", "statusCode", "response": {"date", "data"}} of the
 *     latest published draw.
 * A draw not yet published answers its result with placeholder numbers ("xxxxxx", "xxx", "xx"), as the
 * result page shows while the draw is under way; it stays so until it is told (`publish`), or, in a
 * demo start, until it has been asked `demoNotYet` times after the draw's time (16:00 Bangkok), when it
 * makes a result of its own (crypto digits).
 */

export interface GloDraw {
  first: string;
  front3: [string, string];
  back3: [string, string];
  last2: string;
}

export interface GloStandIn {
  name: string;
  url: string;
  close(): Promise<void>;
  /** URL of the getLotteryResult service (GLO_RESULTS_URL). */
  resultUrl: string;
  /** URL of the getLatestLottery service (a GLO_RESULTS_CHECK_URL). */
  latestUrl: string;
  /** Publishes a draw's result (date YYYY-MM-DD). */
  publish(date: string, draw: GloDraw): void;
  /** Requests received per service. */
  calls(): { result: number; latest: number };
}

const PRICES: Record<string, string> = {
  first: '6000000',
  near1: '100000',
  second: '200000',
  third: '80000',
  fourth: '40000',
  fifth: '20000',
  last3f: '4000',
  last3b: '4000',
  last2: '2000',
};
const COUNTS: Record<string, [number, number]> = {
  first: [1, 6],
  near1: [2, 6],
  second: [5, 6],
  third: [10, 6],
  fourth: [50, 6],
  fifth: [100, 6],
  last3f: [2, 3],
  last3b: [2, 3],
  last2: [1, 2],
};

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

/** The whole prize table of a draw, the rest of it (2nd–5th, near first) made up with crypto digits. */
function prizeTable(draw: GloDraw | null) {
  const data: Record<string, { price: string; number: { round: number; value: string }[] }> = {};
  for (const [key, [count, len]] of Object.entries(COUNTS)) {
    const given =
      draw === null
        ? null
        : key === 'first'
          ? [draw.first]
          : key === 'last3f'
            ? draw.front3
            : key === 'last3b'
              ? draw.back3
              : key === 'last2'
                ? [draw.last2]
                : null;
    const values = Array.from({ length: count }, (_, i) =>
      draw === null ? 'x'.repeat(len) : (given?.[i] ?? digits(len)),
    );
    data[key] = { price: PRICES[key]!, number: values.map((value, i) => ({ round: i + 1, value })) };
  }
  return data;
}

function thaiDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d}/${m}/${(y ?? 0) + 543}`;
}

export async function startGloStandIn(o: { demoNotYet?: number } = {}): Promise<GloStandIn> {
  const published = new Map<string, { draw: GloDraw; tables: ReturnType<typeof prizeTable> }>();
  const asked = new Map<string, number>();
  const calls = { result: 0, latest: 0 };

  const drawn = (date: string) => {
    const p = published.get(date);
    if (p) return p;
    if (o.demoNotYet === undefined) return null;
    // Demo: a draw is published once its time has passed and it was asked for demoNotYet times.
    if (Date.now() < Date.parse(`${date}T16:00:00+07:00`)) return null;
    const n = (asked.get(date) ?? 0) + 1;
    asked.set(date, n);
    if (n <= o.demoNotYet) return null;
    const draw: GloDraw = {
      first: digits(6),
      front3: [digits(3), digits(3)],
      back3: [digits(3), digits(3)],
      last2: digits(2),
    };
    const entry = { draw, tables: prizeTable(draw) };
    published.set(date, entry);
    return entry;
  };

  const server = await listen(async (req, res) => {
    const raw = await readBody(req);
    const send = (status: number, body: unknown) =>
      sendJson(res, status, body, { 'content-type': 'application/json; charset=utf-8' });
    if (req.method !== 'POST') return send(405, { status: false, statusCode: 405, response: null });
    if (req.url === '/api/lottery/getLatestLottery') {
      calls.latest += 1;
      const latest = [...published.keys()].sort().at(-1);
      if (!latest) return send(200, { status: true, statusCode: 200, response: null });
      return send(200, {
        status: true,
        statusCode: 200,
        response: { date: latest, data: published.get(latest)!.tables },
      });
    }
    if (req.url !== '/api/checking/getLotteryResult')
      return send(404, { status: false, statusCode: 404, response: null });
    calls.result += 1;
    let body: { date?: unknown; month?: unknown; year?: unknown };
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      return send(400, { status: false, statusCode: 400, response: null });
    }
    const ok = (v: unknown, n: number) => typeof v === 'string' && new RegExp(`^[0-9]{${n}}$`).test(v);
    if (!ok(body.date, 2) || !ok(body.month, 2) || !ok(body.year, 4))
      return send(200, { status: false, statusCode: 400, response: null });
    const date = `${body.year}-${body.month}-${body.date}`;
    const p = drawn(date);
    return send(200, {
      status: true,
      statusCode: 200,
      response: {
        result: {
          date,
          period: date,
          displayDate: thaiDate(date),
          pdf_url: '',
          youtube_url: '',
          data: p ? p.tables : prizeTable(null),
        },
      },
    });
  });
  const url = server.url;
  return {
    name: 'GLO results (Government Lottery Office stand-in)',
    url,
    resultUrl: `${url}/api/checking/getLotteryResult`,
    latestUrl: `${url}/api/lottery/getLatestLottery`,
    publish(date, draw) {
      published.set(date, { draw, tables: prizeTable(draw) });
    },
    calls: () => ({ ...calls }),
    close: server.close,
  };
}

/** GLO's result service (lotto's results feed) when no GLO_RESULTS_URL is set; a draw publishes on the second ask. */
export const gloDemo: DemoStandIn = {
  wanted: (env) => !env.GLO_RESULTS_URL,
  async start(env) {
    const s = await startGloStandIn({ demoNotYet: 1 });
    env.GLO_RESULTS_URL = s.resultUrl;
    return s;
  },
};
