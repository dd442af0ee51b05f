import { randomInt } from 'node:crypto';
import { formatBaht, satang } from '@chok/engine/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeamlessWallet } from '../src/modules/games/seamless.ts';
import type { ProviderSimulator, SimAnswer } from '../src/modules/games/simulator.ts';
import { systemClock } from '../src/platform/clock.ts';
import type { Hub88StandIn } from '../src/standins/hub88.ts';
import { addSimProvider, balances, fundedMembers, launchToken, SIM } from './games-support.ts';
import type { TestApp } from './helpers.ts';
import { hub88App, hub88Token, txBody } from './hub88-support.ts';

/**
 * Both protocols on the one seamless wallet: Chok's own (HMAC, /provider) and Hub88's Wallet API (RSA,
 * /hub88, docs/rules/casino.md §8). Randomised provider callbacks — new bets, wins (some zero), rollbacks of open, settled and
 * unknown bets, retries and in-flight duplicates, mismatched payloads, session expiry and late wins —
 * through the signed HTTP adapter, against an independent model of docs/rules/casino.md §3. Players run
 * concurrently; each player's callbacks are in order, so the model's answer for every call is exact.
 *
 * How many: 3,000 by default (Hub88: a third, or MODEL_HUB88_CALLBACKS) (about 12 s; a new seed each run), 100,000 under `npm run test:long` (CHOK_LONG=1, about
 * 400 s), or exactly MODEL_CALLBACKS. The seed is printed before the run; MODEL_SEED=<seed> (with the
 * same count) replays the same call mix. The assertions are the same at every size.
 */
const CALLBACKS = Number(process.env.MODEL_CALLBACKS ?? (process.env.CHOK_LONG === '1' ? 100_000 : 3_000));

const SEED = process.env.MODEL_SEED === undefined ? randomInt(2 ** 31) : Number(process.env.MODEL_SEED);
const PLAYERS = 64;
/** Hub88's calls carry two RSA signatures each: a third of the callbacks by default keeps the run short. */
const HUB88_CALLBACKS = Math.max(
  PLAYERS,
  Number(process.env.MODEL_HUB88_CALLBACKS ?? Math.ceil(CALLBACKS / 3)),
);
const CONCURRENCY = 16;
if (!Number.isSafeInteger(CALLBACKS) || CALLBACKS < PLAYERS)
  throw new Error(`MODEL_CALLBACKS must be ≥ ${PLAYERS}`);
if (!Number.isSafeInteger(SEED) || SEED < 0) throw new Error('MODEL_SEED must be a non-negative integer');

/** xorshift32: reproducible call mixes (not game outcomes); the seed is printed before the run. */
function prng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

type Req =
  | { op: 'debit'; tx_id: string; round_id: string; amount: number }
  | { op: 'credit'; tx_id: string; bet_tx_id: string; round_id: string; amount: number }
  | { op: 'rollback'; tx_id: string };

interface Stored {
  kind: 'debit' | 'credit' | 'tombstone';
  fp: string;
  amount: number;
  wallet: number;
  state: 'open' | 'settled' | 'rolled_back' | null;
}

/** The independent model of one player: what each call must answer and what it does to the wallets. */
class PlayerModel {
  balances: Record<number, number> = { 1: 0, 2: 0, 3: 0 };
  session: number | null = null;
  tx = new Map<string, Stored>();
  rollbacks = new Map<string, string>();
  transfers = { bet: 0, win: 0, refund: 0 };

  /** Expected status and the wallet whose balance an OK answer carries. */
  apply(r: Req): { status: string; wallet: number | null } {
    if (r.op === 'rollback') {
      const done = this.rollbacks.get(r.tx_id);
      if (done) return { status: done, wallet: null };
      const bet = this.tx.get(r.tx_id);
      let status = 'OK';
      if (!bet) this.tx.set(r.tx_id, { kind: 'tombstone', fp: '', amount: 0, wallet: 1, state: null });
      else if (bet.kind === 'credit') status = 'INVALID_REQUEST';
      else if (bet.kind === 'debit' && bet.state === 'settled') status = 'BET_SETTLED';
      else if (bet.kind === 'debit' && bet.state === 'open') {
        this.balances[bet.wallet]! += bet.amount;
        bet.state = 'rolled_back';
        this.transfers.refund++;
      }
      this.rollbacks.set(r.tx_id, status);
      return { status, wallet: null };
    }
    const fp =
      r.op === 'debit' ? `d|${r.round_id}|${r.amount}` : `c|${r.round_id}|${r.amount}|${r.bet_tx_id}`;
    const stored = this.tx.get(r.tx_id);
    if (stored) {
      if (stored.kind === 'tombstone' || stored.state === 'rolled_back')
        return { status: 'TX_ROLLED_BACK', wallet: null };
      if (stored.fp !== fp) return { status: 'DUPLICATE_MISMATCH', wallet: null };
      return { status: 'OK', wallet: stored.wallet };
    }
    if (r.op === 'debit') {
      if (this.session === null) return { status: 'SESSION_EXPIRED', wallet: null };
      const w = this.session;
      if (this.balances[w]! < r.amount) return { status: 'INSUFFICIENT_FUNDS', wallet: null };
      this.balances[w]! -= r.amount;
      this.tx.set(r.tx_id, { kind: 'debit', fp, amount: r.amount, wallet: w, state: 'open' });
      this.transfers.bet++;
      return { status: 'OK', wallet: w };
    }
    const bet = this.tx.get(r.bet_tx_id);
    if (bet?.kind !== 'debit') return { status: 'BET_NOT_FOUND', wallet: null };
    if (bet.state === 'rolled_back') return { status: 'TX_ROLLED_BACK', wallet: null };
    this.balances[bet.wallet]! += r.amount;
    if (r.amount > 0) this.transfers.win++;
    bet.state = 'settled';
    this.tx.set(r.tx_id, { kind: 'credit', fp, amount: r.amount, wallet: bet.wallet, state: null });
    return { status: 'OK', wallet: bet.wallet };
  }
}

/** Hub88's status of each seamless-wallet status (the adapter's table, restated independently). */
const HUB88_STATUS: Record<string, string> = {
  OK: 'RS_OK',
  SESSION_EXPIRED: 'RS_ERROR_TOKEN_EXPIRED',
  INSUFFICIENT_FUNDS: 'RS_ERROR_NOT_ENOUGH_MONEY',
  BET_NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  BET_SETTLED: 'RS_ERROR_UNKNOWN',
  TX_ROLLED_BACK: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  DUPLICATE_MISMATCH: 'RS_ERROR_DUPLICATE_TRANSACTION',
  INVALID_REQUEST: 'RS_ERROR_WRONG_SYNTAX',
};
const FROM_HUB88 = Object.fromEntries(Object.entries(HUB88_STATUS).map(([k, v]) => [v, k]));
const HUB88_GAME = 'sds_dragon_slot';

let t: TestApp;
let sim: ProviderSimulator;
let hub: Hub88StandIn;
beforeAll(async () => {
  let sync: () => Promise<number>;
  ({ t, hub, sync } = await hub88App());
  await sync();
  sim = await addSimProvider(t);
}, 120_000);
afterAll(async () => t?.close());

describe.each([
  { protocol: 'chok', provider: SIM.provider, callbacks: CALLBACKS },
  { protocol: 'hub88', provider: 'hub88', callbacks: HUB88_CALLBACKS },
])(
  'seamless wallet against an independent model: $protocol protocol',
  ({ protocol, provider, callbacks }) => {
    const CALLBACKS = callbacks;
    it(`${CALLBACKS.toLocaleString('en')} randomised callbacks end with the ledger exactly equal to the model`, async () => {
      const seed = SEED;
      console.log(
        `games-wallet-model (${protocol}): seed ${seed}, ${CALLBACKS} callbacks (replay: MODEL_SEED=${seed} ${protocol === 'hub88' ? 'MODEL_HUB88_CALLBACKS' : 'MODEL_CALLBACKS'}=${CALLBACKS})`,
      );
      const started = performance.now();
      const members = await fundedMembers(t, PLAYERS, { 1: 500_000, 2: 100_000 });
      const models = new Map(members.map((m) => [m, new PlayerModel()]));
      for (const m of models.values()) m.balances = { 1: 500_000, 2: 100_000, 3: 0 };
      const mismatches: string[] = [];
      let sent = 0;

      // Even players call through the signed HTTP adapter, odd ones the same service in process (the
      // adapter's own rules are covered in games-wallet.test.ts); the model cannot tell them apart.
      const wallet = createSeamlessWallet({ db: t.db, ledger: t.ledger, clock: systemClock });
      const moneyOf = (player: string, r: Exclude<Req, { op: 'rollback' }>) => ({
        provider,
        player,
        providerTxId: r.tx_id,
        roundId: r.round_id,
        game: protocol === 'hub88' ? HUB88_GAME : SIM.game,
        amount: satang(r.amount),
      });
      const direct = async (player: string, r: Req): Promise<SimAnswer> => {
        const a =
          r.op === 'rollback'
            ? await wallet.rollback({ provider, player, providerTxId: r.tx_id })
            : r.op === 'debit'
              ? await wallet.debit(moneyOf(player, r))
              : await wallet.credit({ ...moneyOf(player, r), betTxId: r.bet_tx_id });
        return {
          http: 200,
          status: a.status,
          balance: a.balance === null ? null : formatBaht(a.balance),
          transfer_id: a.transferId,
        };
      };
      let viaHttp = 0;
      // Hub88's session token of each player (the launcher's, renewed at each new session).
      const tokens = new Map<string, string>();
      const viaHub88 = async (player: string, r: Req): Promise<SimAnswer> => {
        const p = { user: `chok${player}`, token: tokens.get(player) ?? 'no-session-yet', game: HUB88_GAME };
        const a =
          r.op === 'rollback'
            ? await hub.callWallet('/transaction/rollback', txBody(p, { tx: `rb-${r.tx_id}`, ref: r.tx_id }))
            : r.op === 'debit'
              ? await hub.callWallet(
                  '/transaction/bet',
                  txBody(p, { tx: r.tx_id, round: r.round_id, amount: r.amount * 1000 }),
                )
              : await hub.callWallet(
                  '/transaction/win',
                  txBody(p, { tx: r.tx_id, round: r.round_id, amount: r.amount * 1000, ref: r.bet_tx_id }),
                );
        const balance = a.body.balance;
        return {
          http: a.signed ? a.http : 0,
          // An unknown RS_* status stays as sent, and mismatches the model.
          status: (FROM_HUB88[a.body.status as string] ?? String(a.body.status)) as SimAnswer['status'],
          balance: typeof balance === 'number' ? formatBaht(balance / 1000) : null,
          transfer_id: null,
        };
      };
      const send = (player: string, r: Req): Promise<SimAnswer> => {
        sent++;
        if (Number(player) % 2 === 1) return direct(player, r);
        viaHttp++;
        if (protocol === 'hub88') return viaHub88(player, r);
        if (r.op === 'rollback') return sim.rollback({ player, tx_id: r.tx_id });
        const common = {
          player,
          tx_id: r.tx_id,
          round_id: r.round_id,
          game: SIM.game,
          amount: formatBaht(r.amount),
        };
        return r.op === 'debit' ? sim.debit(common) : sim.credit({ ...common, bet_tx_id: r.bet_tx_id });
      };

      async function runPlayer(memberId: number, index: number) {
        const rnd = prng(seed + index * 7919);
        const model = models.get(memberId)!;
        const player = String(memberId);
        const history: Req[] = [];
        const bets: string[] = [];
        let n = 0;
        const fresh = (p: string) => `${p}${index}-${++n}`;
        const budget = Math.ceil(CALLBACKS / PLAYERS);
        let calls = 0;
        const check = (r: Req, got: SimAnswer, want: { status: string; wallet: number | null }) => {
          const ok = got.http === 200 && got.status === want.status;
          const balanceOk =
            want.status !== 'OK' ||
            want.wallet === null ||
            got.balance === formatBaht(model.balances[want.wallet]!);
          if (!ok || !balanceOk) {
            mismatches.push(
              `seed ${seed} player ${index} ${JSON.stringify(r)}: got ${got.http} ${got.status} ${got.balance}, want ${want.status} ${want.wallet === null ? '' : model.balances[want.wallet]}`,
            );
          }
        };
        while (calls < budget) {
          const roll = rnd.next();
          if (roll < 0.03 || model.session === null) {
            if (roll < 0.015 && model.session !== null) {
              // Session expiry: later debits are refused, wins and rollbacks still land.
              await t.db
                .updateTable('game_session')
                .set({ closed_at: new Date() })
                .where('member_id', '=', memberId)
                .execute();
              model.session = null;
            } else {
              const walletType = rnd.next() < 0.7 ? 1 : 2;
              if (protocol === 'hub88') {
                const a = await hub88Token(t, wallet, memberId, walletType, HUB88_GAME);
                if (a.status !== 'OK') mismatches.push(`session failed: ${a.status}`);
                tokens.set(player, a.token);
              } else {
                const a = await sim.authenticate(await launchToken(t, memberId, walletType));
                if (a.status !== 'OK') mismatches.push(`authenticate failed: ${a.status}`);
              }
              model.session = walletType;
            }
            continue;
          }
          let r: Req;
          const kind = rnd.next();
          if (kind < 0.32 || bets.length === 0) {
            const big = rnd.next() < 0.04;
            const amount = big ? 100_000 + rnd.int(600_000) : 1 + rnd.int(30_000);
            r = { op: 'debit', tx_id: fresh('b'), round_id: fresh('r'), amount };
            bets.push(r.tx_id);
          } else if (kind < 0.58) {
            const betTx = rnd.pick(bets.slice(-6));
            const amount = rnd.next() < 0.25 ? 0 : rnd.int(60_000);
            r = { op: 'credit', tx_id: fresh('w'), bet_tx_id: betTx, round_id: 'r', amount };
          } else if (kind < 0.62) {
            r = {
              op: 'credit',
              tx_id: fresh('w'),
              bet_tx_id: fresh('ghost'),
              round_id: 'r',
              amount: rnd.int(1000),
            };
          } else if (kind < 0.72) {
            r = { op: 'rollback', tx_id: rnd.pick(bets.slice(-4)) };
          } else if (kind < 0.77) {
            // Rollback before the bet: a tombstone, then (sometimes) the late debit itself.
            const id = fresh('b');
            r = { op: 'rollback', tx_id: id };
            bets.push(id);
          } else if (kind < 0.8) {
            const mine = history.filter((h): h is Exclude<Req, { op: 'rollback' }> => h.op !== 'rollback');
            const base = mine.length > 0 ? rnd.pick(mine.slice(-10)) : null;
            r = base
              ? { ...base, amount: base.amount + 1 + rnd.int(500) }
              : { op: 'rollback', tx_id: fresh('x') };
          } else {
            // A retry after a timeout: the same request again, sometimes twice at once.
            r = rnd.pick(
              history.slice(-12).length > 0
                ? history.slice(-12)
                : [{ op: 'rollback', tx_id: fresh('x') } as Req],
            );
            if (rnd.next() < 0.35) {
              const want = model.apply(r);
              const [a, b] = await Promise.all([send(player, r), send(player, r)]);
              check(r, a, want);
              check(r, b, want);
              calls += 2;
              continue;
            }
          }
          const want = model.apply(r);
          check(r, await send(player, r), want);
          history.push(r);
          calls++;
        }
      }

      const queue = members.map((m, i) => [m, i] as const);
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let job = queue.shift(); job; job = queue.shift()) await runPlayer(job[0], job[1]);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `games-wallet-model (${protocol}): ${sent} callbacks (${viaHttp} over HTTP) in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s), seed ${seed}`,
      );

      expect(mismatches.slice(0, 5)).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(CALLBACKS);
      expect(viaHttp).toBeGreaterThan(CALLBACKS / 3);

      // The ledger equals the model: every wallet, every transfer, and the house account's mirror.
      let memberDelta = 0;
      const want = { bet: 0, win: 0, refund: 0 };
      for (const [memberId, model] of models) {
        expect(await balances(t, memberId)).toEqual(model.balances);
        memberDelta += model.balances[1]! - 500_000 + model.balances[2]! - 100_000;
        want.bet += model.transfers.bet;
        want.win += model.transfers.win;
        want.refund += model.transfers.refund;
      }
      const kinds = await sql<{ kind: string; n: number }>`
      SELECT t.kind, count(*)::int AS n FROM ledger_transfer t
      JOIN ledger_account a ON a.id IN (t.debit_account_id, t.credit_account_id) AND a.code = ${`sys:game:${provider}`}
      GROUP BY t.kind`.execute(t.db);
      expect(Object.fromEntries(kinds.rows.map((k) => [k.kind, k.n]))).toEqual(
        Object.fromEntries(Object.entries(want).filter(([, n]) => n > 0)),
      );
      const house = (await t.ledger.reconcile(t.db)).system_balances.find(
        (s) => s.code === `sys:game:${provider}`,
      );
      expect(house?.balance).toBe(formatBaht(-memberDelta));
      expect((await t.ledger.reconcile(t.db)).mismatches).toEqual([]);
    }, 600_000);
  },
);
