import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatBaht, parseBaht } from '@chok/engine/money';
import { crc16CcittFalse } from '@chok/engine/payments/promptpay';
import { listen, readBody, readJson, sendJson } from './http-kit.ts';
import type { DemoStandIn, StandIn } from './types.ts';

/**
 * A stand-in for SCB's QR payment API (docs/rules/payments.md §3.4), written from SCB's developer
 * documentation (the pages are listed in apps/server/src/modules/payments/scb.ts):
 * - POST /v1/oauth/token: headers resourceOwnerId + requestUId, body applicationKey + applicationSecret;
 *   answers `{ status: { code: 1000, description }, data: { accessToken, tokenType, expiresIn, expiresAt } }`.
 * - POST /v1/payment/qrcode/create: bearer token; qrType "PP", ppType "BILLERID", ppId (the biller id),
 *   amount, ref1 (A–Z 0–9, ≤ 20), ref2, ref3; answers data.qrRawData, a Thai QR tag-30 payload.
 * - GET /v1/payment/billpayment/inquiry: bearer token; eventCode 00300100, transactionDate, billerId,
 *   reference1 (reference2); answers data[] of the paid transactions with the confirmation's fields.
 * - the payment confirmation: `pay()` makes a payment and POSTs it to the merchant's URL, again up to 3
 *   times 12 s apart (configurable) until the answer is HTTP 200 with resCode "00"; unsigned, as SCB's is.
 * - errors as SCB answers them: 400 with 1101 (missing parameters) or 1102 (invalid parameters), 401 with
 *   9100 (missing credentials) or 9300 (invalid or expired token).
 * Switches for tests and the demo: drop or hold a confirmation, make the next call of an operation fail
 * with a given answer, or answer only after a delay (a timeout).
 */
export interface ScbPayment {
  transactionId: string;
  amount: string;
  transactionDateandTime: string;
  billPaymentRef1: string;
  billPaymentRef2: string;
  billPaymentRef3: string;
}

export interface ScbQr {
  ref1: string;
  ref2: string;
  ref3: string;
  amount: string;
  qrRawData: string;
  createdAt: Date;
}

type Operation = 'token' | 'qr_create' | 'inquiry';

export interface ScbStandIn extends StandIn {
  apiKey: string;
  apiSecret: string;
  billerId: string;
  /** The settings that point Chok at this stand-in (SCB_BASE_URL and the credentials). */
  env(): Record<string, string>;
  /** Where confirmations go (the merchant's URL registered on SCB's portal). */
  callbackUrl: string;
  qrs(): ScbQr[];
  payments(): ScbPayment[];
  /**
   * The payer pays the QR whose ref1 is given (its amount unless another is given); the confirmation is
   * sent now (`deliver: 'now'`, the default) or never (`'drop'`). `delivered` resolves to the HTTP
   * statuses of the attempts.
   */
  pay(
    ref1: string,
    opts?: { amount?: string; deliver?: 'now' | 'drop' },
  ): { payment: ScbPayment; delivered: Promise<number[]> };
  /** POSTs a confirmation body (a replay, or a forged one) to the merchant once; answers the HTTP status. */
  sendConfirmation(body: object): Promise<{ status: number; body: unknown }>;
  /** The next call of `op` answers this instead (HTTP status and SCB status code). */
  failNext(op: Operation, answer: { http: number; code: number; description: string }): void;
  /** Calls of `op` answer only after `ms` (0: at once again). */
  delay(op: Operation, ms: number): void;
  /** Calls received per operation. */
  calls(op: Operation): number;
  /** Forgets every issued token (as if they expired). */
  expireTokens(): void;
}

const SUCCESS = { code: 1000, description: 'Success' };
/** Thai QR tag 30 (bill payment): the AID of a domestic biller. */
const BILLER_AID = 'A000000677010112';

const tlv = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;

/** A Thai QR tag-30 payload: biller id, ref1, ref2, amount, CRC (EMVCo, as docs/rules/payments.md §2). */
export function billPaymentPayload(billerId: string, ref1: string, ref2: string, amount: string): string {
  const merchant =
    tlv('00', BILLER_AID) + tlv('01', billerId) + tlv('02', ref1) + (ref2 ? tlv('03', ref2) : '');
  const body = `${tlv('00', '01')}${tlv('01', '12')}${tlv('30', merchant)}${tlv('53', '764')}${tlv('54', amount)}${tlv('58', 'TH')}6304`;
  return body + crc16CcittFalse(body);
}

/** SCB's time format for QR 30: ISO 8601 in GMT+7. */
function bangkokTime(at: Date): string {
  return `${new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 23)}+07:00`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function startScbStandIn(
  opts: { callbackUrl?: string; retryMs?: number; billerId?: string; now?: () => Date } = {},
): Promise<ScbStandIn> {
  const apiKey = `l7${randomBytes(15).toString('hex')}`;
  const apiSecret = randomBytes(16).toString('hex');
  const billerId = opts.billerId ?? '099999999999901';
  const now = opts.now ?? (() => new Date());
  const retryMs = opts.retryMs ?? 12_000;
  const tokens = new Set<string>();
  const qrs: ScbQr[] = [];
  const payments: ScbPayment[] = [];
  const failures = new Map<Operation, { http: number; code: number; description: string }>();
  const delays = new Map<Operation, number>();
  const counts = new Map<Operation, number>();

  const answer = sendJson;
  const refused = (res: ServerResponse, http: number, code: number, description: string) =>
    answer(res, http, { status: { code, description }, data: null });

  /** Counts the call, waits its delay, and answers a queued failure; true when it answered. */
  async function prelude(op: Operation, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    counts.set(op, (counts.get(op) ?? 0) + 1);
    const ms = delays.get(op) ?? 0;
    if (ms > 0) await new Promise((r) => setTimeout(r, ms));
    const f = failures.get(op);
    if (f) {
      failures.delete(op);
      refused(res, f.http, f.code, f.description);
      return true;
    }
    if (!req.headers.requestuid || !req.headers.resourceownerid) {
      refused(res, 400, 9100, 'Required standard headers (requestUId, resourceOwnerId) not found');
      return true;
    }
    if (op !== 'token') {
      const auth = req.headers.authorization ?? '';
      const t = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      if (!tokens.has(t) || req.headers.resourceownerid !== apiKey) {
        refused(res, 401, 9300, 'Invalid/expired temporary token');
        return true;
      }
    }
    return false;
  }

  const attempts = async (body: ScbPayment): Promise<number[]> => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, retryMs));
      const r = await confirm(body);
      statuses.push(r.status);
      if (r.status === 200 && (r.body as { resCode?: string } | null)?.resCode === '00') break;
    }
    return statuses;
  };

  async function confirm(body: object): Promise<{ status: number; body: unknown }> {
    try {
      const res = await fetch(standIn.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      let parsed: unknown = null;
      try {
        parsed = await res.json();
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed };
    } catch {
      return { status: 0, body: null };
    }
  }

  function pay(ref1: string, o: { amount?: string; deliver?: 'now' | 'drop' } = {}) {
    const qr = [...qrs].reverse().find((q) => q.ref1 === ref1);
    const at = now();
    const payment: ScbPayment = {
      transactionId: `${bangkokTime(at).slice(0, 10).replaceAll('-', '')}${randomBytes(8).toString('hex').toUpperCase()}`,
      amount: o.amount ?? qr?.amount ?? '0.00',
      transactionDateandTime: bangkokTime(at),
      billPaymentRef1: ref1,
      billPaymentRef2: qr?.ref2 ?? '',
      billPaymentRef3: qr?.ref3 ?? '',
    };
    payments.push(payment);
    const delivered = o.deliver === 'drop' ? Promise.resolve([]) : attempts(payment);
    return { payment, delivered };
  }

  async function demoPage(res: ServerResponse, done?: string) {
    const rows = [...qrs]
      .reverse()
      .slice(0, 30)
      .map((q) => {
        const paid = payments.some((p) => p.billPaymentRef1 === q.ref1 && p.billPaymentRef2 === q.ref2);
        return `<tr><td>${escapeHtml(q.ref1)}</td><td>${escapeHtml(q.amount)} บาท</td><td>${q.createdAt.toLocaleString('th-TH', { timeZone: 'Asia/Bangkok' })}</td><td>${
          paid
            ? 'ชำระแล้ว'
            : `<form method="post" action="/demo/pay"><input type="hidden" name="ref1" value="${escapeHtml(q.ref1)}"><button>ชำระเงิน</button></form>`
        }</td></tr>`;
      })
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="th"><meta charset="utf-8"><title>ธนาคารจำลอง (สาธิต)</title>
<body style="font-family:sans-serif;max-width:720px;margin:2em auto">
<h1>ธนาคารไทยพาณิชย์จำลอง สำหรับการสาธิต</h1>
<p>QR ที่ระบบสร้างไว้ล่าสุด กด "ชำระเงิน" เพื่อจำลองการสแกนจ่าย ระบบจะได้รับการยืนยันการชำระเงินทันที</p>
${done ? `<p><b>${escapeHtml(done)}</b></p>` : ''}
<table border="1" cellpadding="6" style="border-collapse:collapse"><tr><th>เลขอ้างอิง</th><th>ยอด</th><th>สร้างเมื่อ</th><th></th></tr>${rows || '<tr><td colspan="4">ยังไม่มี QR</td></tr>'}</table>
</body></html>`);
  }

  const server = await listen(
    async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const path = url.pathname.replace(/^\/partners(\/sandbox)?/, '');
      if (req.method === 'POST' && path === '/v1/oauth/token') {
        if (await prelude('token', req, res)) return;
        const b = await readJson(req);
        if (!b || typeof b.applicationKey !== 'string' || typeof b.applicationSecret !== 'string') {
          return refused(res, 400, 1101, 'Missing required parameters');
        }
        if (
          b.applicationKey !== apiKey ||
          b.applicationSecret !== apiSecret ||
          req.headers.resourceownerid !== apiKey
        ) {
          return refused(res, 401, 9100, 'Missing required authorization credentials');
        }
        const accessToken = randomBytes(18).toString('hex');
        tokens.add(accessToken);
        const expiresIn = 1800;
        return answer(res, 200, {
          status: SUCCESS,
          data: {
            accessToken,
            tokenType: 'Bearer',
            expiresIn,
            expiresAt: Math.floor(now().getTime() / 1000) + expiresIn,
          },
        });
      }
      if (req.method === 'POST' && path === '/v1/payment/qrcode/create') {
        if (await prelude('qr_create', req, res)) return;
        const b = await readJson(req);
        if (
          !b ||
          b.qrType === undefined ||
          b.ppType === undefined ||
          b.ppId === undefined ||
          b.ref1 === undefined
        ) {
          return refused(res, 400, 1101, 'Missing required parameters');
        }
        const ref = /^[A-Z0-9]{1,20}$/;
        const amount = String(b.amount ?? '');
        const valid =
          b.qrType === 'PP' &&
          b.ppType === 'BILLERID' &&
          b.ppId === billerId &&
          typeof b.ref1 === 'string' &&
          ref.test(b.ref1) &&
          (b.ref2 === undefined || (typeof b.ref2 === 'string' && /^[A-Z0-9]{0,20}$/.test(b.ref2))) &&
          (b.ref3 === undefined || (typeof b.ref3 === 'string' && /^[A-Z0-9]{0,20}$/.test(b.ref3))) &&
          /^\d{1,11}(\.\d{1,2})?$/.test(amount);
        if (!valid) return refused(res, 400, 1102, 'Invalid parameters entered');
        const money = formatBaht(parseBaht(amount));
        const qr: ScbQr = {
          ref1: b.ref1 as string,
          ref2: (b.ref2 as string | undefined) ?? '',
          ref3: (b.ref3 as string | undefined) ?? '',
          amount: money,
          qrRawData: billPaymentPayload(
            billerId,
            b.ref1 as string,
            (b.ref2 as string | undefined) ?? '',
            money,
          ),
          createdAt: now(),
        };
        qrs.push(qr);
        return answer(res, 200, { status: SUCCESS, data: { qrRawData: qr.qrRawData, qrImage: '' } });
      }
      if (req.method === 'GET' && path === '/v1/payment/billpayment/inquiry') {
        if (await prelude('inquiry', req, res)) return;
        const q = url.searchParams;
        const [eventCode, date, biller, ref1] = [
          'eventCode',
          'transactionDate',
          'billerId',
          'reference1',
        ].map((k) => q.get(k));
        if (!eventCode || !date || !biller || !ref1)
          return refused(res, 400, 1101, 'Missing required parameters');
        if (eventCode !== '00300100' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || biller !== billerId) {
          return refused(res, 400, 1102, 'Invalid parameters entered');
        }
        const ref2 = q.get('reference2');
        const data = payments
          .filter(
            (p) =>
              p.billPaymentRef1 === ref1 &&
              (ref2 === null || p.billPaymentRef2 === ref2) &&
              p.transactionDateandTime.slice(0, 10) === date,
          )
          .map((p) => ({
            eventCode,
            transactionType: 'Domestic Transfer',
            currencyCode: '764',
            sendingBankCode: '014',
            receivingBankCode: '014',
            payeeProxyId: billerId,
            payeeProxyType: 'BILLERID',
            ...p,
          }));
        return answer(res, 200, { status: SUCCESS, data });
      }
      // The demo's "bank app": a page listing the QRs issued, each with a pay button.
      if (req.method === 'GET' && path === '/') return demoPage(res);
      if (req.method === 'POST' && path === '/demo/pay') {
        const form = new URLSearchParams(await readBody(req));
        const ref1 = form.get('ref1') ?? '';
        if (!qrs.some((q) => q.ref1 === ref1)) return demoPage(res, 'ไม่พบ QR นี้');
        const { delivered } = pay(ref1);
        const statuses = await delivered;
        return demoPage(
          res,
          statuses.at(-1) === 200 ? 'ชำระเงินแล้ว ระบบได้รับการยืนยัน' : 'ชำระเงินแล้ว แต่ระบบยังไม่ตอบรับการยืนยัน',
        );
      }
      return refused(res, 404, 1104, 'Requested entity record does not exist');
    },
    { onError: (res) => refused(res, 500, 9700, 'Generic server side error') },
  );
  const url = server.url;

  const standIn: ScbStandIn = {
    name: 'SCB QR payment (stand-in)',
    url,
    apiKey,
    apiSecret,
    billerId,
    callbackUrl: opts.callbackUrl ?? '',
    env: () => ({
      SCB_BASE_URL: `${url}/partners/sandbox`,
      SCB_API_KEY: apiKey,
      SCB_API_SECRET: apiSecret,
      SCB_BILLER_ID: billerId,
    }),
    qrs: () => [...qrs],
    payments: () => [...payments],
    pay,
    sendConfirmation: confirm,
    failNext: (op, a) => failures.set(op, a),
    delay: (op, ms) => delays.set(op, ms),
    calls: (op) => counts.get(op) ?? 0,
    expireTokens: () => tokens.clear(),
    close: server.close,
  };
  return standIn;
}

/** A demo start without SCB credentials runs the stand-in; its page "pays" the QRs members are shown. */
/**
 * Opt-in (`SCB_DEMO=true`): with SCB configured, QR deposits go to SCB instead of the sandbox gateway,
 * so the plain demo keeps the sandbox's pay button and a demo of SCB's QR is asked for by name.
 */
export const scbDemoStandIn: DemoStandIn = {
  wanted: (env) => (env.SCB_DEMO === 'true' || env.SCB_DEMO === '1') && !env.SCB_API_KEY && !env.SCB_BASE_URL,
  async start(env) {
    const port = env.PORT ?? '3000';
    const s = await startScbStandIn({ callbackUrl: `http://127.0.0.1:${port}/api/payment/scb/confirm` });
    Object.assign(env, s.env());
    return { ...s, name: 'SCB QR payment (stand-in; pay the QRs at its page)' };
  },
};
