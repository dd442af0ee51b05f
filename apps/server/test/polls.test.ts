import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_CREDIT_WALLET, memberBalance } from '../src/modules/wallet/service.ts';
import { confirmedDeposit, expectBalancesMatchTransfers, SettableClock } from './checkin-quests-fixtures.ts';
import {
  type ApiAnswer,
  auditRows,
  call,
  createTestApp,
  LONG_SESSIONS,
  registerMember,
  type TestApp,
} from './helpers.ts';
import { newMember } from './payments-fixtures.ts';
import { suiteApp } from './suite-app.ts';

// Polls and events, docs/rules/engagement.md §10, against the real database.

const START = new Date('2026-05-04T03:00:00Z');
const clock = new SettableClock(START);
let t: TestApp;
let content: string;
beforeAll(async () => {
  ({ t, content } = await suiteApp({
    clock,
    seed: true,
    env: LONG_SESSIONS,
    staff: ['content'],
  }));
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const at = (ms: number) => new Date(START.getTime() + ms);
const THAI = /[\u0E00-\u0E7F]/;

interface Choice {
  id: number;
  label: string;
  image: string | null;
}
interface AdminPoll {
  id: number;
  status: 'draft' | 'open' | 'closed';
  phase: string;
  open_at: string;
  close_at: string;
  result_choice_id: number | null;
  choices: (Choice & { votes: number; voters: number })[];
  total_votes: number;
  winners: number;
  winners_paid: number;
}
interface Quota {
  poll_id: number;
  quota: number;
  used: number;
  remaining: number;
  choice_id: number | null;
  deposited: string;
  next_vote_deposit: string | null;
  max_votes: number;
  last_updated_quota: string;
}
interface Stats {
  poll_id: number;
  total_votes: number;
  voters: number;
  choices: { choice_id: number; votes: number; percent: string }[];
  cached_at: string;
}
interface Winners {
  result_choice_id: number | null;
  result_label: string | null;
  reward_per_vote: string;
  items: { rank: number; name: string; phone: string; votes: number; amount: string }[];
  total: number;
}

/** Creates a poll through the operator API (a draft), opening from `openIn` for `hours`. */
async function createPoll(opts: { openIn?: number; hours?: number; open?: boolean; body?: object } = {}) {
  const openAt = at((opts.openIn ?? -HOUR) + (clock.now().getTime() - START.getTime()));
  const created = await call<AdminPoll>(t.app, 'POST', '/api/admin/polls', {
    token: content,
    body: {
      question: 'ทีมไหนจะได้แชมป์?',
      open_at: openAt.toISOString(),
      close_at: new Date(openAt.getTime() + (opts.hours ?? 48) * HOUR).toISOString(),
      choices: [
        { label: 'ทีมแดง', image: '/demo/poll-home.webp' },
        { label: 'ทีมน้ำเงิน', image: '/demo/poll-away.webp' },
        { label: 'ทีมเขียว' },
      ],
      ...opts.body,
    },
  });
  expect(created.body.error, created.body.message).toBe(0);
  if (opts.open === false) return created.body.data;
  const opened = await call<AdminPoll>(t.app, 'POST', `/api/admin/polls/${created.body.data.id}/open`, {
    token: content,
  });
  expect(opened.body.error, opened.body.message).toBe(0);
  return opened.body.data;
}

const submit = (token: string, pollId: number, choiceId: number, extra: object = {}) =>
  call<Quota & { vote_id: number }>(t.app, 'POST', '/api/poll/submit', {
    token,
    body: { poll_id: pollId, choice_id: choiceId, ...extra },
  });
const quotaOf = (token: string, pollId: number) =>
  call<Quota>(t.app, 'GET', `/api/poll/quota/get?poll_id=${pollId}`, { token });
const check = (token: string, pollId: number) =>
  call<Quota & { can_vote: boolean; reason: string | null }>(
    t.app,
    'GET',
    `/api/poll/quota/check?poll_id=${pollId}&agent_id=34`,
    { token },
  );
const statsOf = (pollId: number) => call<Stats>(t.app, 'GET', `/api/poll/stats?poll_id=${pollId}`);
const winnersOf = (pollId: number) =>
  call<Winners>(t.app, 'GET', `/api/poll/winners?poll_id=${pollId}&agent_id=34`);
const setResult = (pollId: number, choiceId: number) =>
  call<{ poll: AdminPoll; repeated: boolean; paid_now: number }>(
    t.app,
    'POST',
    `/api/admin/polls/${pollId}/result`,
    { token: content, body: { choice_id: choiceId } },
  );
const votesOf = async (pollId: number) =>
  Number(
    (
      await t.db
        .selectFrom('poll_vote')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('poll_id', '=', pollId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const freeCredit = (memberId: number) => memberBalance(t.db, memberId, FREE_CREDIT_WALLET);

describe('the demo poll and its event', () => {
  it('/api/event/list links the football event to /poll/1, whose config has the question and choices with images', async () => {
    const events = await call<
      { title: string; link: string | null; poll_id: number | null; image: string }[]
    >(t.app, 'GET', '/api/event/list?agent_code=chok');
    const football = events.body.data.find((e) => e.title === 'กิจกรรมทายผลบอล');
    expect(football).toMatchObject({ poll_id: 1, link: '/poll/1', image: '/demo/event-football.webp' });
    const config = await call<{ poll: { id: number; phase: string; question: string }; choices: Choice[] }>(
      t.app,
      'GET',
      '/api/poll/config?poll_id=1&agent_id=34',
    );
    expect(config.body.error, config.body.message).toBe(0);
    expect(config.body.data.poll).toMatchObject({ id: 1, question: 'บอลคู่เอกสุดสัปดาห์นี้ ใครจะชนะ?' });
    expect(config.body.data.choices.map((c) => c.label)).toEqual(['เจ้าบ้านชนะ', 'เสมอ', 'ทีมเยือนชนะ']);
    expect(config.body.data.choices.every((c) => c.image?.startsWith('/demo/poll-'))).toBe(true);
  });

  it("another agent's id is refused with AGENT_MISMATCH before anything runs", async () => {
    const m = await newMember(t);
    const r = await call(t.app, 'GET', '/api/poll/config?poll_id=1&agent_id=35');
    expect(r.body.code).toBe('AGENT_MISMATCH');
    const s = await submit(m.token, 1, 1, { agent_id: 35 });
    expect(s.body.code).toBe('AGENT_MISMATCH');
    expect(await votesOf(1)).toBe(0);
    // Refused calls take no write quota (G4): ten more of them, and the member's own vote still goes in.
    for (let i = 0; i < 10; i++)
      expect((await submit(m.token, 1, 1, { agent_id: 35 })).body.code).toBe('AGENT_MISMATCH');
    const quota = await t.db
      .selectFrom('member_write_quota')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(Number(quota.n)).toBe(0);
  });
});

describe('the operator and what members see', () => {
  it('a draft is not shown; opening it (audited) shows it; before open_at a vote is refused in Thai', async () => {
    const draft = await createPoll({ openIn: 2 * HOUR, open: false });
    expect(draft.status).toBe('draft');
    expect((await call(t.app, 'GET', `/api/poll/config?poll_id=${draft.id}`)).body.code).toBe(
      'POLL_NOT_FOUND',
    );
    const m = await newMember(t);
    expect((await submit(m.token, draft.id, draft.choices[0]!.id)).body.code).toBe('POLL_NOT_FOUND');
    const opened = await call<AdminPoll>(t.app, 'POST', `/api/admin/polls/${draft.id}/open`, {
      token: content,
    });
    expect(opened.body.data).toMatchObject({ status: 'open', phase: 'upcoming' });
    // The config carries the specification's `metadata`: where the poll stands, from the server clock.
    const shown = await call<{ metadata: Record<string, unknown> }>(
      t.app,
      'GET',
      `/api/poll/config?poll_id=${draft.id}&agent_id=34`,
    );
    expect(shown.body.data.metadata).toEqual({
      phase: 'upcoming',
      voting_open: false,
      seconds_to_open: 2 * 3600,
      seconds_to_close: 50 * 3600,
      choice_count: 3,
      has_result: false,
    });
    const early = await submit(m.token, draft.id, draft.choices[0]!.id);
    expect(early.body.code).toBe('POLL_NOT_STARTED');
    expect(early.body.message).toMatch(THAI);
    const c = await check(m.token, draft.id);
    expect(c.body.data).toMatchObject({ can_vote: false, quota: 1, used: 0 });
    expect(c.body.data.reason).toBe(early.body.message);
    const again = await call(t.app, 'POST', `/api/admin/polls/${draft.id}/open`, { token: content });
    expect(again.body.code).toBe('POLL_WRONG_STATE');
    const audit = await auditRows(t, { entity: 'poll', entityId: draft.id }, ['action']);
    expect(audit.map((a) => a.action)).toEqual(['poll.create', 'poll.open']);
  });

  it('refuses a poll that closes before it opens, and members cannot reach the operator API', async () => {
    const bad = await call(t.app, 'POST', '/api/admin/polls', {
      token: content,
      body: {
        question: 'ผิด',
        open_at: at(2 * HOUR).toISOString(),
        close_at: at(HOUR).toISOString(),
        choices: [{ label: 'ก' }, { label: 'ข' }],
      },
    });
    expect(bad.body.code).toBe('POLL_INVALID');
    expect(bad.body.message).toMatch(THAI);
    const m = await newMember(t);
    expect((await call(t.app, 'GET', '/api/admin/polls', { token: m.token })).status).toBe(401);
  });
});

describe('votes and quota (rules 1 and 2)', () => {
  it('the quota is 1 plus 1 per 1,000 baht deposited while the poll is open, up to 10', async () => {
    const m = await newMember(t);
    // Deposited before the poll opens: does not count.
    await confirmedDeposit(t, m.token, 5_000);
    clock.set(at(HOUR));
    const poll = await createPoll({ openIn: 0 });
    let q = (await quotaOf(m.token, poll.id)).body.data;
    expect(q).toMatchObject({
      quota: 1,
      used: 0,
      remaining: 1,
      deposited: '0.00',
      next_vote_deposit: '1000.00',
    });
    await confirmedDeposit(t, m.token, 1_500);
    await confirmedDeposit(t, m.token, 1_000);
    q = (await quotaOf(m.token, poll.id)).body.data;
    // A deposit is paid with a few satang more than asked (a unique pay amount): they count too.
    expect(q).toMatchObject({ quota: 3, remaining: 3 });
    expect(Number(q.deposited)).toBeGreaterThanOrEqual(2500);
    expect(Number(q.deposited)).toBeLessThan(2502);
    expect(q.next_vote_deposit).toBe((3000 - Number(q.deposited)).toFixed(2));
    expect(q.last_updated_quota).toBe(clock.now().toISOString());
    await confirmedDeposit(t, m.token, 20_000);
    q = (await quotaOf(m.token, poll.id)).body.data;
    expect(q).toMatchObject({ quota: 10, max_votes: 10, next_vote_deposit: null });
    expect(Number(q.deposited)).toBeGreaterThanOrEqual(22500);
    clock.set(START);
  });

  it('20 parallel votes of a member with quota 3 take exactly 3, all to the first choice; 10 over the minute quota get 429 (G4)', async () => {
    clock.set(START);
    const poll = await createPoll();
    const m = await newMember(t);
    await confirmedDeposit(t, m.token, 2_000);
    const [first, second] = poll.choices;
    const r1 = await submit(m.token, poll.id, first!.id);
    expect(r1.body.error, r1.body.message).toBe(0);
    expect(r1.body.data).toMatchObject({ quota: 3, used: 1, remaining: 2, choice_id: first!.id });
    // Rate-limited writes count per member and endpoint in the database's clock minute.
    await t.db.deleteFrom('member_write_quota').where('member_id', '=', m.memberId).execute();
    const answers: ApiAnswer<Quota>[] = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(m.token, poll.id, i % 2 ? second!.id : first!.id)),
    );
    const ok = answers.filter((a) => a.body.error === 0);
    expect(ok).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === 'POLL_NO_VOTES_LEFT')).toHaveLength(8);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(10);
    expect(limited[0]!.body.code).toBe('RATE_LIMITED');
    expect(limited[0]!.body.message).toMatch(THAI);
    expect(answers.find((a) => a.body.code === 'POLL_NO_VOTES_LEFT')!.body.message).toMatch(THAI);
    // Every vote went to the first choice, even those that named another.
    const rows = await t.db
      .selectFrom('poll_vote')
      .select(['choice_id'])
      .where('poll_id', '=', poll.id)
      .where('member_id', '=', m.memberId)
      .execute();
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.choice_id))).toEqual(new Set([first!.id]));
    const q = (await quotaOf(m.token, poll.id)).body.data;
    expect(q).toMatchObject({ quota: 3, used: 3, remaining: 0, choice_id: first!.id });
    const c = (await check(m.token, poll.id)).body.data;
    expect(c.can_vote).toBe(false);
    expect(c.reason).toMatch(THAI);
  });

  it('a vote at or after close_at is refused in Thai and changes nothing', async () => {
    clock.set(START);
    const poll = await createPoll({ hours: 2 });
    const m = await newMember(t);
    expect((await submit(m.token, poll.id, poll.choices[1]!.id)).body.error).toBe(0);
    await confirmedDeposit(t, m.token, 1_000);
    clock.set(new Date(poll.close_at));
    const before = await votesOf(poll.id);
    const late = await submit(m.token, poll.id, poll.choices[1]!.id);
    expect(late.body.code).toBe('POLL_CLOSED');
    expect(late.body.message).toBe('โพลนี้ปิดโหวตแล้ว ไม่สามารถโหวตเพิ่มได้');
    expect(await votesOf(poll.id)).toBe(before);
    expect((await quotaOf(m.token, poll.id)).body.data).toMatchObject({ used: 1 });
    clock.set(START);
  });

  it('an operator closes a poll early: votes stop at once', async () => {
    clock.set(START);
    const poll = await createPoll();
    const m = await newMember(t);
    const closed = await call<AdminPoll>(t.app, 'POST', `/api/admin/polls/${poll.id}/close`, {
      token: content,
    });
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      phase: 'closed',
      close_at: START.toISOString(),
    });
    expect((await submit(m.token, poll.id, poll.choices[0]!.id)).body.code).toBe('POLL_CLOSED');
  });

  it('an operator calls off a poll whose voting has not started: closed, no vote taken, audited', async () => {
    clock.set(START);
    const poll = await createPoll({ openIn: 2 * HOUR });
    const m = await newMember(t);
    const closed = await call<AdminPoll>(t.app, 'POST', `/api/admin/polls/${poll.id}/close`, {
      token: content,
    });
    expect(closed.body.error, closed.body.message).toBe(0);
    expect(closed.body.data).toMatchObject({ status: 'closed', close_at: START.toISOString() });
    expect(Date.parse(closed.body.data.open_at)).toBeLessThan(START.getTime());
    expect((await submit(m.token, poll.id, poll.choices[0]!.id)).body.code).toBe('POLL_CLOSED');
    const audit = await auditRows(t, { entity: 'poll', entityId: poll.id, action: 'poll.close' }, ['action']);
    expect(audit).toHaveLength(1);
  });

  it('a choice of another poll is refused', async () => {
    const poll = await createPoll();
    const m = await newMember(t);
    expect((await submit(m.token, poll.id, 1)).body.code).toBe('POLL_CHOICE_NOT_FOUND');
  });
});

describe('stats (rule 4)', () => {
  it('count votes per choice with shares adding up to 100.00, cached for 60 s', async () => {
    clock.set(START);
    const poll = await createPoll();
    const [a, b, c] = poll.choices;
    const m1 = await newMember(t);
    const m2 = await newMember(t);
    await confirmedDeposit(t, m1.token, 1_000);
    await submit(m1.token, poll.id, a!.id);
    await submit(m1.token, poll.id, a!.id);
    await submit(m2.token, poll.id, b!.id);
    const s1 = (await statsOf(poll.id)).body.data;
    expect(s1).toMatchObject({ total_votes: 3, voters: 2, cached_at: START.toISOString() });
    expect(s1.choices).toEqual([
      { choice_id: a!.id, votes: 2, percent: '66.67' },
      { choice_id: b!.id, votes: 1, percent: '33.33' },
      { choice_id: c!.id, votes: 0, percent: '0.00' },
    ]);
    const m3 = await newMember(t);
    await submit(m3.token, poll.id, c!.id);
    clock.set(at(59_000));
    expect((await statsOf(poll.id)).body.data).toEqual(s1);
    clock.set(at(60_000));
    const s2 = (await statsOf(poll.id)).body.data;
    expect(s2).toMatchObject({ total_votes: 4, voters: 3, cached_at: at(60_000).toISOString() });
    expect(s2.choices.map((x) => x.percent)).toEqual(['50.00', '25.00', '25.00']);
    clock.set(START);
  });
});

describe('the result and the winners (rule 3)', () => {
  it('pays each winning vote 20 baht of free credit once, even when the result is set twice, and lists the winners masked', async () => {
    clock.set(START);
    const poll = await createPoll({ hours: 4 });
    const [win, lose] = poll.choices;
    const w1 = await registerMember(t, { account_name: 'สมชาย ใจดีมาก' });
    const w2 = await newMember(t);
    const loser = await newMember(t);
    await confirmedDeposit(t, w1.token, 2_000);
    for (let i = 0; i < 3; i++) expect((await submit(w1.token, poll.id, win!.id)).body.error).toBe(0);
    expect((await submit(w2.token, poll.id, win!.id)).body.error).toBe(0);
    expect((await submit(loser.token, poll.id, lose!.id)).body.error).toBe(0);
    const before = await Promise.all([w1, w2, loser].map((m) => freeCredit(m.memberId)));

    // Not while votes are still taken.
    const early = await setResult(poll.id, win!.id);
    expect(early.body.code).toBe('POLL_NOT_CLOSED');
    expect(early.body.message).toMatch(THAI);
    expect((await winnersOf(poll.id)).body.data).toMatchObject({
      result_choice_id: null,
      items: [],
      total: 0,
    });

    clock.set(new Date(new Date(poll.close_at).getTime() + 1));
    // Two operators set the same result at once, then once more.
    const both = await Promise.all([setResult(poll.id, win!.id), setResult(poll.id, win!.id)]);
    for (const r of both) expect(r.body.error, r.body.message).toBe(0);
    expect(both.map((r) => r.body.data.repeated).sort()).toEqual([false, true]);
    expect(both.reduce((n, r) => n + r.body.data.paid_now, 0)).toBe(2);
    const third = await setResult(poll.id, win!.id);
    expect(third.body.data).toMatchObject({ repeated: true, paid_now: 0 });
    expect(third.body.data.poll).toMatchObject({ result_choice_id: win!.id, winners: 2, winners_paid: 2 });
    // Another choice after the result: refused.
    expect((await setResult(poll.id, lose!.id)).body.code).toBe('POLL_RESULT_SET');

    const after = await Promise.all([w1, w2, loser].map((m) => freeCredit(m.memberId)));
    expect(after[0]! - before[0]!).toBe(3 * 20_00);
    expect(after[1]! - before[1]!).toBe(20_00);
    expect(after[2]).toBe(before[2]);
    for (const m of [w1, w2]) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_transfer
        WHERE idempotency_key = ${`poll:${m.memberId}:${poll.id}`}`.execute(t.db);
      expect(rows[0]!.n).toBe(1);
    }
    // The job finds nothing left to pay.
    const { rows: unpaid } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM poll_member WHERE poll_id = ${poll.id} AND choice_id = ${win!.id}
        AND rewarded_at IS NULL`.execute(t.db);
    expect(unpaid[0]!.n).toBe(0);

    const list = (await winnersOf(poll.id)).body.data;
    expect(list).toMatchObject({
      result_choice_id: win!.id,
      result_label: 'ทีมแดง',
      reward_per_vote: '20.00',
      total: 2,
    });
    expect(list.items[0]).toEqual({
      rank: 1,
      name: 'สมชาย ใ***',
      phone: `${w1.phone.slice(0, 2)}x-xxx-${w1.phone.slice(-4)}`,
      votes: 3,
      amount: '60.00',
    });
    expect(list.items[1]!.votes).toBe(1);
    expect(list.items[1]!.name).toMatch(/^ทดสอบ .\*\*\*$/);
    for (const i of list.items) expect(JSON.stringify(i)).not.toContain(w2.phone);
    const config = await call<{ poll: { phase: string; result_choice_id: number } }>(
      t.app,
      'GET',
      `/api/poll/config?poll_id=${poll.id}`,
    );
    expect(config.body.data.poll).toMatchObject({ phase: 'resulted', result_choice_id: win!.id });
    const audit = await auditRows(t, { entity: 'poll', entityId: poll.id, action: 'poll.result' }, [
      'action',
    ]);
    expect(audit).toHaveLength(1);
    clock.set(START);
  });

  it("a flagged member's prize is held (G5) and counted as handled, never paid twice", async () => {
    clock.set(START);
    const poll = await createPoll({ hours: 2 });
    // Two members with one bank-account name: the G5 flag.
    await registerMember(t, { account_name: 'ซ้ำกัน ชื่อบัญชี' });
    const flagged = await registerMember(t, { account_name: 'ซ้ำกัน ชื่อบัญชี' });
    expect((await submit(flagged.token, poll.id, poll.choices[0]!.id)).body.error).toBe(0);
    const before = await freeCredit(flagged.memberId);
    clock.set(at(HOUR));
    const r = await setResult(poll.id, poll.choices[0]!.id);
    expect(r.body.data.poll).toMatchObject({ winners: 1, winners_paid: 1 });
    const claim = await t.db
      .selectFrom('reward_claim')
      .select(['status', 'amount'])
      .where('member_id', '=', flagged.memberId)
      .where('feature', '=', 'poll')
      .executeTakeFirstOrThrow();
    expect(claim).toEqual({ status: 'held', amount: 20_00 });
    expect(await freeCredit(flagged.memberId)).toBe(before);
    expect((await setResult(poll.id, poll.choices[0]!.id)).body.data.paid_now).toBe(0);
    clock.set(START);
  });
});

describe('events that lead to a poll', () => {
  it('an operator links an event to a poll; its link is /poll/{id}; an unknown poll is refused in Thai', async () => {
    const poll = await createPoll();
    const made = await call<{ id: number }>(t.app, 'POST', '/api/admin/content/events', {
      token: content,
      body: { title: 'โหวตชิงรางวัล', image: '/demo/event-treasure.webp', poll_id: poll.id },
    });
    expect(made.body.error, made.body.message).toBe(0);
    const list = await call<{ id: number; link: string | null; poll_id: number | null }[]>(
      t.app,
      'GET',
      '/api/event/list',
    );
    expect(list.body.data.find((e) => e.id === made.body.data.id)).toMatchObject({
      poll_id: poll.id,
      link: `/poll/${poll.id}`,
    });
    const bad = await call(t.app, 'POST', '/api/admin/content/events', {
      token: content,
      body: { title: 'โหวต', image: '/demo/event-treasure.webp', poll_id: 999_999 },
    });
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.fields).toEqual({ poll_id: 'ไม่พบโพลนี้' });
  });
});

describe('seeding', () => {
  it('an install without demo data has no poll and no event; /api/poll/config says so in Thai', async () => {
    const bare = await createTestApp({ seed: false });
    try {
      const polls = await bare.db.selectFrom('poll').select('id').execute();
      const events = await bare.db.selectFrom('event').select('id').execute();
      expect([polls, events]).toEqual([[], []]);
      const r = await call(bare.app, 'GET', '/api/poll/config');
      expect(r.body.code).toBe('POLL_NOT_FOUND');
      expect(r.body.message).toMatch(THAI);
    } finally {
      await bare.close();
    }
  });
});

describe('books', () => {
  it('the ledger reconciles and every point balance equals the sum of its transfers', async () => {
    await expectBalancesMatchTransfers(t);
  });
});
