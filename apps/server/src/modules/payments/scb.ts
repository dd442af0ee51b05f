import { randomBytes, randomUUID } from 'node:crypto';
import { formatBaht, parseBaht, type Satang } from '@chok/engine/money';
import { AppError } from '../../platform/errors.ts';
import { ConnectorCallError, type Connectors } from '../connectors/service.ts';
import type { PaymentGateway } from './gateway-types.ts';

/**
 * SCB's QR payment API (docs/rules/payments.md §3.4), written from SCB's public developer documentation:
 * - token: POST /v1/oauth/token — headers resourceOwnerId (the API key), requestUId; body applicationKey,
 *   applicationSecret; answer data.accessToken, data.expiresIn (seconds). A token lasts 30 minutes.
 *   https://developer.scb.co.th/assets/documents/api-reference-index/authentication/post-oauth-token.html
 *   https://developer.scb/assets/documents/documentation/basics/authentication.html
 * - QR: POST /v1/payment/qrcode/create — body qrType "PP", ppType "BILLERID", ppId (the 15-digit biller
 *   id), amount, ref1 (required, A–Z 0–9, ≤ 20), ref2, ref3; answer data.qrRawData (the Thai QR payload).
 *   https://developer.scb/assets/documents/api-reference-index/qr-payments/post-qrcode-create-v2.html
 *   https://developer.scb.co.th/assets/documents/documentation/qr-payment/thai-qr.html
 * - inquiry: GET /v1/payment/billpayment/inquiry — eventCode 00300100 (Thai QR tag 30), transactionDate
 *   (yyyy-MM-dd), billerId, reference1, reference2; answer data[] of the paid transactions, each with the
 *   fields of the payment confirmation (transactionId, amount, billPaymentRef1/2/3,
 *   transactionDateandTime, …). SCB recommends it exactly for a confirmation that did not arrive.
 *   https://developer.scb.co.th/assets/documents/api-reference-index/qr-payments/get-billpayment-inquiry.html
 * - confirmation: SCB POSTs the payment to the merchant's registered URL, retries 3 times 12 s apart
 *   without a proper answer, and signs nothing; the merchant answers resCode "00".
 *   https://developer.scb.co.th/assets/documents/documentation/qr-payment/payment-confirmation.html
 * - every answer carries status.code: 1000 success; 1101 missing parameters, 1102 invalid parameters,
 *   9100 missing credentials, 9300 invalid or expired token (SCB's response-code tables, e.g.
 *   https://developer.scb.co.th/assets/documents/api-reference-index/references/direct-debit-registration-and-api-pay.html).
 *
 * Credentials (docs/rules/connectors.md §2): `scb` / `api_key`, `api_secret`, `biller_id` and the
 * optional `ref3_prefix` SCB assigns to the app (env SCB_API_KEY, SCB_API_SECRET, SCB_BILLER_ID,
 * SCB_REF3_PREFIX, or the console).
 */
export const SCB = 'scb';
export const SCB_SECRETS = ['api_key', 'api_secret', 'biller_id', 'ref3_prefix'] as const;
export const SCB_SUCCESS = 1000;
export const SCB_TOKEN_INVALID = 9300;
/** Thai QR Code tag 30 (C scan B), the event code of SCB's bill-payment inquiry. */
export const SCB_EVENT_QR30 = '00300100';

/** A payment SCB reports (from its inquiry: the only source the server believes). */
export interface ScbTransaction {
  transactionId: string;
  amountSatang: Satang;
  ref1: string;
  ref2: string;
  paidAt: Date;
}

interface ScbAnswer<T> {
  status?: { code?: number; description?: string };
  data?: T;
}

/** The request's references: ref1 names it, ref2 is random so a reference cannot be guessed. */
export function scbRefs(reference: string): { ref1: string; ref2: string } {
  return { ref1: `CHOK${reference}`.slice(0, 20), ref2: randomBytes(6).toString('hex').toUpperCase() };
}

/** gateway_ref of an SCB request: `<ref1>-<ref2>`. */
export const scbGatewayRef = (ref1: string, ref2: string) => `${ref1}-${ref2}`;
export function parseScbGatewayRef(ref: string): { ref1: string; ref2: string } | null {
  const m = /^([A-Z0-9]{1,20})-([A-Z0-9]{0,20})$/.exec(ref);
  return m ? { ref1: m[1]!, ref2: m[2]! } : null;
}

/** The Bangkok calendar date (yyyy-MM-dd) of an instant: SCB's transactionDate. */
export function bangkokDate(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}

/** transactionDateandTime is ISO 8601 in GMT+7 for QR 30; an offset-less time is read as Bangkok's. */
function readPaidAt(text: unknown, fallback: Date): Date {
  if (typeof text !== 'string' || text.trim() === '') return fallback;
  const t = text.trim();
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(t) ? t : `${t}+07:00`;
  const d = new Date(withZone);
  return Number.isNaN(d.getTime()) ? fallback : d;
}

/** An inquiry row as SCB sends it, or null when it is not a readable paid transaction. */
function readTransaction(row: unknown, now: Date): ScbTransaction | null {
  const r = row as Record<string, unknown> | null;
  if (!r || typeof r.transactionId !== 'string' || r.transactionId === '') return null;
  if (typeof r.billPaymentRef1 !== 'string') return null;
  let amountSatang: Satang;
  try {
    amountSatang = parseBaht(String(r.amount));
  } catch {
    return null;
  }
  if (amountSatang <= 0) return null;
  return {
    transactionId: r.transactionId,
    amountSatang,
    ref1: r.billPaymentRef1,
    ref2: typeof r.billPaymentRef2 === 'string' ? r.billPaymentRef2 : '',
    paidAt: readPaidAt(r.transactionDateandTime, now),
  };
}

export type ScbGateway = PaymentGateway & {
  /** Key, secret and biller id are all set (env or console). */
  configured(): Promise<boolean>;
  /** Obtains a fresh token: the console's connectivity check. */
  checkToken(): Promise<void>;
  /** The paid transactions SCB knows for these references on these Bangkok dates. */
  transactions(refs: { ref1: string; ref2: string }, dates: readonly string[]): Promise<ScbTransaction[]>;
};

export function scbGateway(d: {
  connectors: Connectors;
  baseUrl: string;
  timeoutMs: number;
  now: () => Date;
}): ScbGateway {
  const base = d.baseUrl.replace(/\/+$/, '');
  let token: { value: string; until: number; key: string } | null = null;

  async function credentials() {
    const [key, secret, billerId, ref3Prefix] = await Promise.all(
      SCB_SECRETS.map((n) => d.connectors.secret(SCB, n)),
    );
    if (!key || !secret || !billerId) throw new AppError('SCB_NOT_CONFIGURED');
    return { key, secret, billerId, ref3Prefix: ref3Prefix ?? '' };
  }

  /** One call; a missing answer or an unreadable body is SCB_UNAVAILABLE, a refusal SCB_REFUSED. */
  async function send<T>(operation: string, path: string, init: RequestInit): Promise<ScbAnswer<T>> {
    let res: Response;
    const requestId = randomUUID();
    try {
      res = await d.connectors.fetch(SCB, operation, `${base}${path}`, {
        ...init,
        timeoutMs: d.timeoutMs,
        requestId,
        headers: {
          ...(init.headers as Record<string, string>),
          requestUId: requestId,
          'accept-language': 'EN',
        },
      });
    } catch (err) {
      if (err instanceof ConnectorCallError) throw new AppError('SCB_UNAVAILABLE');
      throw err;
    }
    let body: ScbAnswer<T>;
    try {
      body = (await res.json()) as ScbAnswer<T>;
    } catch {
      throw new AppError('SCB_UNAVAILABLE');
    }
    return {
      ...body,
      status: { code: body.status?.code ?? res.status, description: body.status?.description ?? '' },
    };
  }

  /** One token request at a time: calls that need a token while one is being obtained share it. */
  let obtaining: Promise<{ value: string; key: string }> | null = null;
  async function accessToken(fresh = false): Promise<{ value: string; key: string }> {
    const c = await credentials();
    const now = d.now().getTime();
    if (!fresh && token && token.key === c.key && token.until > now) return token;
    if (obtaining) return obtaining;
    obtaining = obtainToken(c, now).finally(() => {
      obtaining = null;
    });
    return obtaining;
  }

  async function obtainToken(c: { key: string; secret: string }, now: number) {
    const a = await send<{ accessToken?: string; expiresIn?: number }>('token', '/v1/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', resourceOwnerId: c.key },
      body: JSON.stringify({ applicationKey: c.key, applicationSecret: c.secret }),
    });
    if (a.status?.code !== SCB_SUCCESS || typeof a.data?.accessToken !== 'string') {
      token = null;
      throw new AppError('SCB_REFUSED', { code: String(a.status?.code ?? '') });
    }
    // Renewed a minute before SCB's expiry (30 minutes by its documentation).
    const life = Math.max(60, Number(a.data.expiresIn ?? 1800));
    token = { value: a.data.accessToken, until: now + (life - 60) * 1000, key: c.key };
    return token;
  }

  /** A call with the bearer token; a token SCB no longer accepts (9300 / HTTP 401) is renewed once. */
  async function authorized<T>(operation: string, path: string, init: RequestInit): Promise<ScbAnswer<T>> {
    for (let attempt = 0; ; attempt++) {
      const t = await accessToken(attempt > 0);
      const a = await send<T>(operation, path, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          authorization: `Bearer ${t.value}`,
          resourceOwnerId: t.key,
        },
      });
      const expired = a.status?.code === SCB_TOKEN_INVALID || a.status?.code === 401;
      if (expired && attempt === 0) continue;
      return a;
    }
  }

  async function transactions(refs: { ref1: string; ref2: string }, dates: readonly string[]) {
    const c = await credentials();
    const out = new Map<string, ScbTransaction>();
    for (const date of new Set(dates)) {
      const q = new URLSearchParams({
        eventCode: SCB_EVENT_QR30,
        transactionDate: date,
        billerId: c.billerId,
        reference1: refs.ref1,
        ...(refs.ref2 ? { reference2: refs.ref2 } : {}),
      });
      const a = await authorized<unknown[]>('inquiry', `/v1/payment/billpayment/inquiry?${q}`, {
        method: 'GET',
        headers: { 'content-type': 'application/json' },
      });
      if (a.status?.code !== SCB_SUCCESS) throw new AppError('SCB_REFUSED', { code: String(a.status?.code) });
      for (const row of Array.isArray(a.data) ? a.data : []) {
        const t = readTransaction(row, d.now());
        // Only the references asked about: an answer about another payment is never believed.
        if (t && t.ref1 === refs.ref1 && (refs.ref2 === '' || t.ref2 === refs.ref2))
          out.set(t.transactionId, t);
      }
    }
    return [...out.values()];
  }

  return {
    code: SCB,
    async configured() {
      const [key, secret, billerId] = await Promise.all(
        (['api_key', 'api_secret', 'biller_id'] as const).map((n) => d.connectors.secret(SCB, n)),
      );
      return Boolean(key && secret && billerId);
    },
    async checkToken() {
      await accessToken(true);
    },
    async createQr(r) {
      const c = await credentials();
      const { ref1, ref2 } = scbRefs(r.reference);
      const ref3 = `${c.ref3Prefix}${ref1}`.slice(0, 20);
      const a = await authorized<{ qrRawData?: string }>('qr_create', '/v1/payment/qrcode/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          qrType: 'PP',
          ppType: 'BILLERID',
          ppId: c.billerId,
          amount: formatBaht(r.amountSatang),
          ref1,
          ref2,
          ref3,
        }),
      });
      if (a.status?.code !== SCB_SUCCESS || typeof a.data?.qrRawData !== 'string') {
        throw new AppError('SCB_REFUSED', { code: String(a.status?.code ?? '') });
      }
      return { gatewayRef: scbGatewayRef(ref1, ref2), qrPayload: a.data.qrRawData };
    },
    async inquiry(gatewayRef) {
      const refs = parseScbGatewayRef(gatewayRef);
      if (!refs) return { status: 'failed' };
      const paid = await transactions(refs, [bangkokDate(d.now())]);
      const first = paid[0];
      return first ? { status: 'paid', paidSatang: first.amountSatang } : { status: 'pending' };
    },
    // SCB signs nothing: its confirmation is read by receiveScbConfirmation and believed only after the
    // inquiry confirms it, never through the signed-webhook path.
    parseWebhook: () => null,
    transactions,
  };
}
