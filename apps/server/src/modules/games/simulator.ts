import { randomBytes } from 'node:crypto';
import type { WalletStatus } from '@chok/contract/api/games';
import { signBody } from './adapter.ts';

/** How the simulator reaches the adapter: app.inject in tests, fetch against a running server in benches. */
export type Transport = (
  path: string,
  rawBody: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: unknown }>;

export interface SimAnswer {
  http: number;
  status: WalletStatus | null;
  balance: string | null;
  transfer_id: number | null;
}

/**
 * A game provider as real aggregators behave (tests and benchmarks): every call signed with the
 * provider's secret, a fresh nonce and the current time; retries resend the same transaction id
 * with a new nonce, as a provider does after a timeout.
 */
export class ProviderSimulator {
  constructor(
    readonly provider: string,
    private readonly secret: string,
    private readonly transport: Transport,
    private readonly now: () => number = Date.now,
  ) {}

  /** Signs and sends; `tamper` lets tests break the signature, clock or nonce on purpose. */
  async call(
    op: 'authenticate' | 'debit' | 'credit' | 'rollback',
    fields: Record<string, unknown>,
    tamper: { signature?: string; ts?: number; nonce?: string; raw?: string } = {},
  ): Promise<SimAnswer> {
    const body = {
      ...fields,
      ts: tamper.ts ?? Math.floor(this.now() / 1000),
      nonce: tamper.nonce ?? randomBytes(12).toString('hex'),
    };
    const raw = tamper.raw ?? JSON.stringify(body);
    const res = await this.transport(`/provider/${this.provider}/${op}`, raw, {
      'content-type': 'application/json',
      'x-signature': tamper.signature ?? signBody(this.secret, raw),
    });
    const b = (res.body ?? {}) as { status?: WalletStatus; balance?: string; transfer_id?: number | null };
    return {
      http: res.status,
      status: b.status ?? null,
      balance: b.balance ?? null,
      transfer_id: b.transfer_id ?? null,
    };
  }

  authenticate(token: string) {
    return this.call('authenticate', { token });
  }
  debit(d: { player: string; tx_id: string; round_id: string; game: string; amount: string }) {
    return this.call('debit', d);
  }
  credit(c: {
    player: string;
    tx_id: string;
    bet_tx_id: string;
    round_id: string;
    game: string;
    amount: string;
  }) {
    return this.call('credit', c);
  }
  rollback(r: { player: string; tx_id: string }) {
    return this.call('rollback', r);
  }
}

/** A transport over Fastify's inject (no socket). */
export function injectTransport(app: {
  inject: (o: { method: 'POST'; url: string; payload: string; headers: Record<string, string> }) => Promise<{
    statusCode: number;
    body: string;
  }>;
}): Transport {
  return async (path, rawBody, headers) => {
    const res = await app.inject({ method: 'POST', url: path, payload: rawBody, headers });
    let body: unknown = null;
    try {
      body = JSON.parse(res.body);
    } catch {
      body = null;
    }
    return { status: res.statusCode, body };
  };
}
