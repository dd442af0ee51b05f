/**
 * Payments benchmarks, called from run.ts: the member's deposit request (unique pay amount under the
 * partial unique index, round robin, PromptPay QR image) and a gateway deposit paid through the
 * signed sandbox webhook, both through the whole HTTP stack (app.inject).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/platform/db.ts';
import { hashToken, newToken } from '../apps/server/src/platform/rng.ts';

type Measure = (name: string, concurrency: number, op: (i: number) => Promise<void>) => Promise<unknown>;

async function memberTokens(db: Db, n: number): Promise<string[]> {
  const members = await db.selectFrom('member').select('id').orderBy('id', 'desc').limit(n).execute();
  const tokens: string[] = [];
  for (const m of members) {
    const token = newToken();
    await db
      .insertInto('member_session')
      .values({
        member_id: m.id,
        token_hash: hashToken(token),
        last_used_at: new Date(),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    tokens.push(token);
  }
  return tokens;
}

/** A pool so that no two loops use one member at once (one open request per member). */
function pool<T>(items: T[]) {
  const free = [...items];
  return async <R>(use: (item: T) => Promise<R>): Promise<R> => {
    while (free.length === 0) await new Promise((r) => setTimeout(r, 1));
    const item = free.pop()!;
    try {
      return await use(item);
    } finally {
      free.push(item);
    }
  };
}

async function post(app: FastifyInstance, url: string, token: string, payload: unknown) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
  const body = res.json() as {
    error: number;
    message: string;
    data: { request_id: number; gateway_ref: string | null };
  };
  if (res.statusCode !== 200 || body.error !== 0) throw new Error(`${url}: ${body.message}`);
  return body.data;
}

export async function runPaymentsBench(p: { app: FastifyInstance; db: Db; measure: Measure }): Promise<void> {
  const withMember = pool(await memberTokens(p.db, 48));

  // Create a PromptPay QR request (amount spread so fractions never run out), then cancel it.
  await p.measure('payments-deposit-create-cancel', 16, (i) =>
    withMember(async (token) => {
      const d = await post(p.app, '/api/member/payment/generate_qr', token, {
        channel_id: 3,
        sub_channel_id: 1,
        amount: 100 + (i % 40_000),
        idempotency_key: `bench-qr-${i}`,
      });
      await post(p.app, '/api/member/payment/cancel', token, { request_id: d.request_id });
    }),
  );

  // A gateway QR request paid by the sandbox: signed webhook → exactly-once credit → paid.
  await p.measure('payments-gateway-deposit-paid', 16, (i) =>
    withMember(async (token) => {
      const d = await post(p.app, '/api/member/payment/generate_qr', token, {
        channel_id: 3,
        sub_channel_id: 2,
        amount: 100 + (i % 40_000),
        idempotency_key: `bench-gw-${i}`,
      });
      const res = await p.app.inject({
        method: 'POST',
        url: `/api/sandbox/payments/${d.gateway_ref}/pay`,
        payload: {},
      });
      if (res.statusCode !== 200) throw new Error(`sandbox pay: ${res.statusCode}`);
    }),
  );
}
