import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../src/modules/games/adapter.ts';
import { hasOpenRound } from '../src/modules/games/seamless.ts';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { balances, fundedMembers, launchToken, SIM } from './games-support.ts';
import { FixedClock, type TestApp } from './helpers.ts';
import { simSuiteApp } from './suite-app.ts';

let t: TestApp;
let sim: ProviderSimulator;
const clock = new FixedClock(new Date());
let seq = 0;
const id = (p: string) => `${p}-${++seq}`;

/** A member with 1,000.00 in main and 200.00 bonus, and a live session on `wallet`. */
async function player(wallet = 1) {
  const [m] = await fundedMembers(t, 1, { 1: 100_000, 2: 20_000 });
  const a = await sim.authenticate(await launchToken(t, m!, wallet, SIM.game, clock.now()));
  expect(a.status).toBe('OK');
  return String(m);
}
const bet = (player: string, tx: string, amount: string, round = 'r1') =>
  sim.debit({ player, tx_id: tx, round_id: round, game: SIM.game, amount });
const win = (player: string, tx: string, betTx: string, amount: string, round = 'r1') =>
  sim.credit({ player, tx_id: tx, bet_tx_id: betTx, round_id: round, game: SIM.game, amount });

beforeAll(async () => {
  ({ t, sim } = await simSuiteApp({ clock, seed: false }));
});
afterAll(async () => t.close());

describe('seamless wallet contract (docs/rules/casino.md §3)', () => {
  it('authenticate exchanges a launch token once, within 60 s', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 5_000 });
    const token = await launchToken(t, m!, 1, SIM.game, clock.now());
    const a = await sim.call('authenticate', { token });
    expect(a.status).toBe('OK');
    expect(a.balance).toBe('50.00');
    expect((await sim.authenticate(token)).status).toBe('INVALID_TOKEN');
    expect((await sim.authenticate('not-a-token-at-all-xxxxxxxx')).status).toBe('INVALID_TOKEN');
    const late = await launchToken(t, m!, 1, SIM.game, clock.now());
    clock.advance(61_000);
    expect((await sim.authenticate(late)).status).toBe('SESSION_EXPIRED');
  });

  it('debit then credit moves money through sys:game:<provider> with kinds bet and win', async () => {
    const p = await player();
    const d = await bet(p, id('b'), '20.00');
    expect(d).toMatchObject({ http: 200, status: 'OK', balance: '980.00' });
    const c = await win(p, id('w'), `b-${seq - 1}`, '55.50');
    expect(c).toMatchObject({ status: 'OK', balance: '1035.50' });
    const kinds = await t.db
      .selectFrom('ledger_transfer as t')
      .innerJoin('ledger_account as a', 'a.id', 't.credit_account_id')
      .select(['t.kind', 't.amount', 'a.code'])
      .where('t.id', 'in', [d.transfer_id!, c.transfer_id!])
      .orderBy('t.id')
      .execute();
    expect(kinds).toEqual([
      { kind: 'bet', amount: 2000, code: 'sys:game:sim' },
      { kind: 'win', amount: 5550, code: null },
    ]);
  });

  it('a replay returns the stored status and transfer id with the current balance; a different payload is DUPLICATE_MISMATCH', async () => {
    const p = await player();
    const tx = id('b');
    const first = await bet(p, tx, '10.00');
    await bet(p, id('b'), '5.00');
    const again = await bet(p, tx, '10.00');
    expect(again).toMatchObject({ status: 'OK', transfer_id: first.transfer_id, balance: '985.00' });
    expect((await bet(p, tx, '11.00')).status).toBe('DUPLICATE_MISMATCH');
    expect((await bet(p, tx, '10.00', 'other-round')).status).toBe('DUPLICATE_MISMATCH');
    expect((await balances(t, Number(p)))[1]).toBe(98_500);
  });

  it('concurrent duplicates move money once', async () => {
    const p = await player();
    const tx = id('b');
    const answers = await Promise.all(Array.from({ length: 8 }, () => bet(p, tx, '7.00')));
    expect(new Set(answers.map((a) => a.transfer_id)).size).toBe(1);
    expect(answers.every((a) => a.status === 'OK')).toBe(true);
    expect((await balances(t, Number(p)))[1]).toBe(99_300);
  });

  it('refuses a debit beyond the balance and changes nothing; a retry after funds arrive is judged afresh', async () => {
    const p = await player();
    const tx = id('b');
    expect(await bet(p, tx, '1000.01')).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '1000.00' });
    expect(await bet(p, tx, '1000.00')).toMatchObject({ status: 'OK', balance: '0.00' });
  });

  it('rollback of an unknown id writes a tombstone: OK, and the late debit gets TX_ROLLED_BACK', async () => {
    const p = await player();
    const tx = id('b');
    expect(await sim.rollback({ player: p, tx_id: tx })).toMatchObject({ status: 'OK', balance: '1000.00' });
    expect((await bet(p, tx, '10.00')).status).toBe('TX_ROLLED_BACK');
    expect((await sim.rollback({ player: p, tx_id: tx })).status).toBe('OK');
    expect((await balances(t, Number(p)))[1]).toBe(100_000);
  });

  it('rollback refunds an open debit once (kind refund); a credited debit answers BET_SETTLED', async () => {
    const p = await player();
    const open = id('b');
    await bet(p, open, '30.00');
    const rb = await sim.rollback({ player: p, tx_id: open });
    expect(rb).toMatchObject({ status: 'OK', balance: '1000.00' });
    expect((await sim.rollback({ player: p, tx_id: open })).status).toBe('OK');
    const refund = await t.db
      .selectFrom('ledger_transfer')
      .select('kind')
      .where('id', '=', rb.transfer_id!)
      .executeTakeFirstOrThrow();
    expect(refund.kind).toBe('refund');
    expect((await bet(p, open, '30.00')).status).toBe('TX_ROLLED_BACK');
    expect((await win(p, id('w'), open, '60.00')).status).toBe('TX_ROLLED_BACK');

    const settled = id('b');
    await bet(p, settled, '30.00');
    await win(p, id('w'), settled, '0.00');
    expect((await sim.rollback({ player: p, tx_id: settled })).status).toBe('BET_SETTLED');
    expect((await balances(t, Number(p)))[1]).toBe(97_000);
  });

  it('credit for an unknown bet is BET_NOT_FOUND and is not remembered', async () => {
    const p = await player();
    const betTx = id('b');
    const winTx = id('w');
    expect((await win(p, winTx, betTx, '5.00')).status).toBe('BET_NOT_FOUND');
    await bet(p, betTx, '5.00');
    expect(await win(p, winTx, betTx, '5.00')).toMatchObject({ status: 'OK', balance: '1000.00' });
  });

  it('a late credit after the session expired posts to the debit’s wallet; a new debit needs a live session', async () => {
    const p = await player(2);
    const betTx = id('b');
    expect(await bet(p, betTx, '50.00')).toMatchObject({ status: 'OK', balance: '150.00' });
    clock.advance(31 * 60_000); // past the 30-minute idle limit
    expect((await bet(p, id('b'), '1.00')).status).toBe('SESSION_EXPIRED');
    expect(await win(p, id('w'), betTx, '80.00')).toMatchObject({ status: 'OK', balance: '230.00' });
    expect(await balances(t, Number(p))).toEqual({ 1: 100_000, 2: 23_000, 3: 0 });
  });

  it('debits need an eligible wallet and an active player', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 10_000, 2: 10_000 });
    // The bonus wallet may not play casino games (docs/rules/casino.md §1).
    await sim.authenticate(await launchToken(t, m!, 2, SIM.table, clock.now()));
    expect((await bet(String(m), id('b'), '1.00')).status).toBe('WALLET_NOT_ALLOWED');
    await sim.authenticate(await launchToken(t, m!, 1, SIM.table, clock.now()));
    expect((await bet(String(m), id('b'), '1.00')).status).toBe('OK');
    await t.db.updateTable('member').set({ status: 'suspended' }).where('id', '=', m!).execute();
    expect((await bet(String(m), id('b'), '1.00')).status).toBe('PLAYER_BLOCKED');
  });

  it('a debit is paid by the session of the game it names, with a wallet allowed for that game', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 10_000, 2: 10_000 });
    const p = String(m);
    // The table with main, then the slot with the bonus wallet in another tab (the newer session).
    expect((await sim.authenticate(await launchToken(t, m!, 1, SIM.table, clock.now()))).status).toBe('OK');
    expect((await sim.authenticate(await launchToken(t, m!, 2, SIM.game, clock.now()))).status).toBe('OK');
    const table = (tx: string) =>
      sim.debit({ player: p, tx_id: tx, round_id: 'rt', game: SIM.table, amount: '1.00' });
    expect((await table(id('t'))).status).toBe('OK');
    expect((await bet(p, id('s'), '2.00')).status).toBe('OK');
    expect(await balances(t, m!)).toMatchObject({ 1: 9_900, 2: 9_800 });
    // With the slot's bonus session alone, a debit for the table game may not take the bonus wallet.
    const [n] = await fundedMembers(t, 1, { 1: 10_000, 2: 10_000 });
    expect((await sim.authenticate(await launchToken(t, n!, 2, SIM.game, clock.now()))).status).toBe('OK');
    const other = await sim.debit({
      player: String(n),
      tx_id: id('t'),
      round_id: 'rt',
      game: SIM.table,
      amount: '1.00',
    });
    expect(other.status).toBe('WALLET_NOT_ALLOWED');
    expect(await balances(t, n!)).toMatchObject({ 1: 10_000, 2: 10_000 });
  });

  it('the idle limit counts 30 minutes from the last debit exactly', async () => {
    const p = await player();
    clock.advance(50_000);
    expect((await bet(p, id('i'), '1.00')).status).toBe('OK');
    clock.advance(29 * 60_000 + 30_000); // 29 min 30 s after that debit
    expect((await bet(p, id('i'), '1.00')).status).toBe('OK');
    clock.advance(30 * 60_000 + 1_000); // 30 min 1 s after the last
    expect((await bet(p, id('i'), '1.00')).status).toBe('SESSION_EXPIRED');
  });

  it('a racing credit and rollback of one bet: exactly one wins and the ledger agrees', async () => {
    for (let i = 0; i < 10; i++) {
      const p = await player();
      const betTx = id('b');
      await bet(p, betTx, '100.00');
      const [c, r] = await Promise.all([
        win(p, id('w'), betTx, '150.00'),
        sim.rollback({ player: p, tx_id: betTx }),
      ]);
      const bal = (await balances(t, Number(p)))[1];
      if (c.status === 'OK') {
        expect(r.status).toBe('BET_SETTLED');
        expect(bal).toBe(105_000);
      } else {
        expect([c.status, r.status]).toEqual(['TX_ROLLED_BACK', 'OK']);
        expect(bal).toBe(100_000);
      }
    }
  });

  it('a racing debit and rollback of one id never both take effect', async () => {
    for (let i = 0; i < 10; i++) {
      const p = await player();
      const tx = id('b');
      const [d, r] = await Promise.all([bet(p, tx, '100.00'), sim.rollback({ player: p, tx_id: tx })]);
      expect(r.status).toBe('OK');
      const bal = (await balances(t, Number(p)))[1];
      // Either the rollback came first (tombstone: the debit is refused) or it refunded the debit.
      expect(bal).toBe(100_000);
      expect(['OK', 'TX_ROLLED_BACK']).toContain(d.status);
    }
  });

  it('a round is open on its wallet while its debit (younger than 60 minutes) has no credit or rollback', async () => {
    const p = await player();
    const open = () => hasOpenRound(t.db, Number(p), 1);
    const tx = id('b');
    expect(await open()).toBe(false);
    await bet(p, tx, '1.00');
    expect(await open()).toBe(true);
    expect(await hasOpenRound(t.db, Number(p), 2)).toBe(false);
    const rolled = id('b');
    await bet(p, rolled, '1.00');
    await sim.rollback({ player: p, tx_id: rolled });
    await win(p, id('w'), tx, '0.00');
    expect(await open()).toBe(false);
  });
});

describe('odd but signed provider input is answered, never with a retry (docs/rules/casino.md §3.5)', () => {
  it('a player id beyond any member id, and a NUL in an id, answer below 500 and move nothing', async () => {
    const far = '9999999999';
    const answers = [
      await sim.debit({ player: far, tx_id: id('far'), round_id: 'r', game: SIM.game, amount: '1.00' }),
      await sim.credit({
        player: far,
        tx_id: id('far'),
        bet_tx_id: 'x',
        round_id: 'r',
        game: SIM.game,
        amount: '1.00',
      }),
      await sim.rollback({ player: far, tx_id: id('far') }),
    ];
    const p = await player();
    const before = await balances(t, Number(p));
    answers.push(
      await sim.debit({ player: p, tx_id: 'a\u0000b', round_id: 'r', game: SIM.game, amount: '1.00' }),
      await sim.debit({ player: p, tx_id: id('nul'), round_id: 'r\u0000', game: SIM.game, amount: '1.00' }),
      await sim.rollback({ player: p, tx_id: 'q\u0000' }),
      await sim.credit({
        player: p,
        tx_id: 'c\u0000',
        bet_tx_id: 'x',
        round_id: 'r',
        game: SIM.game,
        amount: '1.00',
      }),
      await sim.call(
        'debit',
        { player: p, tx_id: id('nul'), round_id: 'r', game: SIM.game, amount: '1.00' },
        { nonce: 'n\u0000n' },
      ),
    );
    expect(answers.map((a) => a.http).filter((h) => h >= 500)).toEqual([]);
    expect(answers.slice(3).map((a) => a.http)).toEqual([400, 400, 400, 400, 400]);
    expect(await balances(t, Number(p))).toEqual(before);
  });
});

describe('HTTP adapter authentication (docs/rules/casino.md §3.5–3.6)', () => {
  it('401 for a bad signature, a stale timestamp, a reused nonce or an unknown provider; 400 when unparseable', async () => {
    const p = await player();
    const body = { player: p, tx_id: id('b'), round_id: 'r', game: SIM.game, amount: '1.00' };
    expect((await sim.call('debit', body, { signature: 'ab'.repeat(32) })).http).toBe(401);
    expect((await sim.call('debit', body, { ts: Math.floor(clock.now().getTime() / 1000) - 301 })).http).toBe(
      401,
    );
    expect(
      (await sim.call('debit', body, { ts: Math.floor(clock.now().getTime() / 1000) + 299 })).status,
    ).toBe('OK');
    const once = await sim.call('debit', { ...body, tx_id: id('b') }, { nonce: 'nonce-used-once-1' });
    expect(once.http).toBe(200);
    expect((await sim.call('debit', { ...body, tx_id: id('b') }, { nonce: 'nonce-used-once-1' })).http).toBe(
      401,
    );
    expect((await sim.call('debit', body, { raw: '{not json' })).http).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/provider/nobody/debit',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'x-signature': signBody('x', '{}') },
    });
    expect(res.statusCode).toBe(401);
    // The signature covers the raw bytes: the same JSON re-spaced is a different body.
    const raw = JSON.stringify({
      ...body,
      tx_id: id('b'),
      ts: Math.floor(clock.now().getTime() / 1000),
      nonce: 'spacing-nonce-1',
    });
    const signed = signBody(SIM.secret, raw);
    const spaced = await t.app.inject({
      method: 'POST',
      url: '/provider/sim/debit',
      payload: raw.replace(':', ': '),
      headers: { 'content-type': 'application/json', 'x-signature': signed },
    });
    expect(spaced.statusCode).toBe(401);
  });
});
