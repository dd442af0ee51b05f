import { createHmac, timingSafeEqual } from 'node:crypto';
import * as games from '@chok/contract/api/games';
import { formatBaht, parseBaht } from '@chok/engine/money';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { SeamlessWallet, WalletAnswer } from './seamless.ts';
import { claimNonce } from './seamless-queries.ts';

export const TIMESTAMP_WINDOW_SECONDS = 5 * 60;
export const NONCE_KEEP_MINUTES = 10;
const SECRET_CACHE_MS = 30_000;

/** hex HMAC-SHA256(secret, raw body): what a provider puts in X-Signature. */
export function signBody(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * The HTTP adapter for external providers: /provider/<provider>/{authenticate,debit,credit,rollback}.
 * The signature is checked over the raw bytes received, before anything is parsed; then the body's
 * `ts` must be within ±5 minutes and its `nonce` unused for 10 minutes. 401 = auth failure,
 * 400 = unparseable, 200 = every business outcome (casino.md §3.5–3.6).
 */
export function registerProviderAdapter(
  app: FastifyInstance,
  d: { db: Db; clock: Clock; wallet: SeamlessWallet },
) {
  const secrets = new Map<string, { secret: string | null; at: number }>();
  async function secretOf(provider: string): Promise<string | null> {
    const cached = secrets.get(provider);
    if (cached && Date.now() - cached.at < SECRET_CACHE_MS) return cached.secret;
    const row = await d.db
      .selectFrom('game_provider')
      .select(['secret', 'is_active'])
      .where('id', '=', provider)
      .executeTakeFirst();
    const secret = row?.is_active ? row.secret : null;
    secrets.set(provider, { secret, at: Date.now() });
    return secret;
  }

  const unauthorized = (reply: FastifyReply, reason: string) =>
    reply.status(401).send({ status: 'INVALID_REQUEST', error: 'unauthorized', reason });

  const walletBody = (a: WalletAnswer) => ({
    status: a.status,
    ...(a.balance !== null ? { balance: formatBaht(a.balance) } : {}),
    transfer_id: a.transferId,
  });

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    const calls = [
      games.providerAuthenticate,
      games.providerDebit,
      games.providerCredit,
      games.providerRollback,
    ] as const;
    for (const e of calls) {
      scope.post(e.path, async (req, reply) => {
        const provider = (req.params as { provider: string }).provider;
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const secret = /^[a-z0-9_]{2,32}$/.test(provider) ? await secretOf(provider) : null;
        if (!secret) return unauthorized(reply, 'unknown provider');
        const given = String(req.headers['x-signature'] ?? '');
        const expected = Buffer.from(signBody(secret, raw), 'hex');
        const got = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
        if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
          return unauthorized(reply, 'bad signature');
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          return reply.status(400).send({ status: 'INVALID_REQUEST', error: 'unparseable body' });
        }
        const parsed = e.body!.safeParse(json);
        if (!parsed.success)
          return reply.status(400).send({ status: 'INVALID_REQUEST', error: 'invalid body' });
        const body = parsed.data as { ts: number; nonce: string } & Record<string, unknown>;
        const skew = Math.abs(d.clock.now().getTime() / 1000 - body.ts);
        if (skew > TIMESTAMP_WINDOW_SECONDS) return unauthorized(reply, 'stale timestamp');
        if (!(await claimNonce(d.db, provider, body.nonce))) return unauthorized(reply, 'nonce reused');

        if (e === games.providerAuthenticate) {
          const a = await d.wallet.authenticate(String(body.token), { provider });
          if (a.status !== 'OK' || !('sessionId' in a)) return { status: a.status };
          return {
            status: 'OK',
            player_id: a.playerId,
            wallet_id: a.walletId,
            currency: a.currency,
            balance: formatBaht(a.balance),
            session_id: a.sessionId,
          };
        }
        const tx = body as unknown as {
          player: string;
          tx_id: string;
          round_id: string;
          game: string;
          amount?: string;
        };
        if (e === games.providerRollback) {
          return walletBody(await d.wallet.rollback({ provider, player: tx.player, providerTxId: tx.tx_id }));
        }
        const amount = parseBaht(tx.amount ?? '0.00');
        const common = {
          provider,
          player: tx.player,
          providerTxId: tx.tx_id,
          roundId: tx.round_id,
          game: tx.game,
          amount,
        };
        if (e === games.providerDebit) return walletBody(await d.wallet.debit(common));
        return walletBody(await d.wallet.credit({ ...common, betTxId: String(body.bet_tx_id) }));
      });
    }
  });
}
