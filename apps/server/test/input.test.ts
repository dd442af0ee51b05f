import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, staffToken, type TestApp } from './helpers.ts';
import { balanceOf, buy, fund, fundedMember, openRound } from './lotto-fixtures.ts';
import { generateQr, newMember } from './payments-fixtures.ts';

/**
 * Strict input (docs/decisions/0003-http-status-and-validation.md, addendum): ids and amounts are
 * read, never coerced; NUL bytes, repeated query parameters and impossible dates are Thai validation
 * errors, not 500s; no English from zod.
 */
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await staffToken(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

const LATIN = /[A-Za-z]/;

/** A refused input: HTTP 200 form error (or 400 for a wrong JSON type), with Thai text only. */
function expectRefused(
  res: {
    status: number;
    body: { error: number; code?: string; message: string; fields?: Record<string, string> };
  },
  field: string,
) {
  expect(['VALIDATION_FAILED', 'MALFORMED_REQUEST']).toContain(res.body.code);
  expect(res.status).toBe(res.body.code === 'VALIDATION_FAILED' ? 200 : 400);
  expect(res.body.fields?.[field], JSON.stringify(res.body)).toMatch(/[\u0E00-\u0E7F]/);
  expect(res.body.message).not.toMatch(LATIN);
  for (const v of Object.values(res.body.fields ?? {})) expect(v).not.toMatch(LATIN);
}

async function withdrawalStatuses() {
  return t.db.selectFrom('withdrawal').select(['id', 'status']).orderBy('id').execute();
}

describe('loose ids are refused, never read as another id (item 5)', () => {
  it('an owner token cannot approve withdrawal 1 or cancel round 1 with %201, true or [2]', async () => {
    const m = await newMember(t);
    await fund(t, m.memberId, 1000);
    const w = await call<{ id: number; status: string }>(t.app, 'POST', '/api/member/withdraw', {
      token: m.token,
      body: { amount: 300 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(w.body).toMatchObject({ error: 0, data: { status: 'pending' } });
    const id = w.body.data.id;
    const { account_name: holder } = await t.db
      .selectFrom('member')
      .select('account_name')
      .where('id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    const roundId = await openRound(t, 'lao');
    const before = await withdrawalStatuses();

    for (const bad of [
      `%20${id}`,
      'true',
      `[${id}]`,
      '[2]',
      `${id}.0`,
      `0x${id.toString(16)}`,
      '1e0',
      '-1',
      '0',
    ]) {
      const approve = await call(t.app, 'POST', `/api/admin/payments/withdrawals/${bad}/approve`, {
        token: owner,
        body: { bank_ref: 'KB-1', bank_account_name: holder },
      });
      expectRefused(approve, 'id');
      const cancel = await call(t.app, 'POST', `/api/admin/lotto/rounds/${bad}/cancel`, {
        token: owner,
        body: { reason: 'ทดสอบ' },
      });
      expectRefused(cancel, 'id');
    }
    expect(await withdrawalStatuses()).toEqual(before);
    const round = await t.db
      .selectFrom('lotto_round')
      .select('status')
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(round.status).toBe('open');

    // The plain decimal id still works.
    const ok = await call<{ status: string }>(
      t.app,
      'POST',
      `/api/admin/payments/withdrawals/${id}/approve`,
      {
        token: owner,
        body: { bank_ref: 'KB-1', bank_account_name: holder },
      },
    );
    expect(ok.body).toMatchObject({ error: 0, data: { status: 'paid' } });
  });

  it('ids in queries and bodies: strings of decimal digits or positive JSON integers, within the column', async () => {
    const m = await fundedMember(t, 500);
    const roundId = await openRound(t, 'lao');
    const ok = await call(t.app, 'GET', `/api/lotto/round?round_id=${roundId}`, { token: m.token });
    expect(ok.body.error).toBe(0);
    for (const bad of [
      ` ${roundId}`,
      `${roundId} `,
      'true',
      `[${roundId}]`,
      '1e3',
      '0x10',
      '9007199254740993',
    ]) {
      const res = await call(t.app, 'GET', `/api/lotto/round?round_id=${encodeURIComponent(bad)}`, {
        token: m.token,
      });
      expectRefused(res, 'round_id');
    }
    const repeated = await call(t.app, 'GET', `/api/lotto/round?round_id=${roundId}&round_id=${roundId}`, {
      token: m.token,
    });
    expectRefused(repeated, 'round_id');
    for (const bad of [true, [roundId], `${roundId}.5`, roundId + 0.5, -roundId, 0]) {
      const res = await call(t.app, 'POST', '/api/lotto/bill/cancel', {
        token: m.token,
        body: { bill_id: bad },
      });
      expectRefused(res, 'bill_id');
    }
    // A serial column's id beyond PostgreSQL's integer range is refused, not sent to SQL.
    const big = await call(t.app, 'PUT', '/api/admin/content/banners/2147483648', {
      token: owner,
      body: { title: 'x' },
    });
    expectRefused(big, 'id');
  });
});

describe('loose amounts are refused (item 5)', () => {
  it('withdrawals: " 0x64 ", "1e3", "-1", "" and 100.005 are refused and nothing is held', async () => {
    const m = await newMember(t);
    await fund(t, m.memberId, 5000);
    for (const amount of [
      ' 0x64 ',
      '0x64',
      '1e3',
      1e3 + 0.001,
      '-1',
      -100,
      '',
      '100.005',
      100.005,
      '100.50',
      true,
      [100],
    ]) {
      const res = await call(t.app, 'POST', '/api/member/withdraw', {
        token: m.token,
        body: { amount },
        headers: { 'idempotency-key': randomUUID() },
      });
      expectRefused(res, 'amount');
    }
    expect(
      await t.db.selectFrom('withdrawal').select('id').where('member_id', '=', m.memberId).execute(),
    ).toEqual([]);
    expect(await balanceOf(t, m.memberId)).toBe(5000_00);

    const accepted = await call<{ amount: string }>(t.app, 'POST', '/api/member/withdraw', {
      token: m.token,
      body: { amount: '100.00' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(accepted.body).toMatchObject({ error: 0, data: { amount: '100.00' } });
  });

  it('deposits and lotto stakes: no coercion either', async () => {
    const m = await newMember(t);
    for (const amount of [' 0x64 ', '1e3', '1e2', '100.5', 100.25]) {
      const res = await generateQr(t, m.token, { channel_id: 1, amount });
      expectRefused(res, 'amount');
    }
    const bogusChannel = await generateQr(t, m.token, { channel_id: ' 1' as unknown as number, amount: 100 });
    expectRefused(bogusChannel, 'channel_id');
    expect(
      await t.db.selectFrom('deposit_request').select('id').where('member_id', '=', m.memberId).execute(),
    ).toEqual([]);

    const p = await fundedMember(t, 1000);
    const roundId = await openRound(t, 'lao');
    for (const amount of [' 0x64 ', '1e1', '10.5', -10]) {
      const res = await buy(t, p.token, roundId, [
        { bet_type: 'two_top', number: '12', amount: amount as unknown as number },
      ]);
      expectRefused(res, 'items.0.amount');
    }
    expect(await balanceOf(t, p.memberId)).toBe(1000_00);
    const good = await buy(t, p.token, roundId, [
      { bet_type: 'two_top', number: '12', amount: '10' as unknown as number },
    ]);
    expect(good.body.error).toBe(0);
    expect(await balanceOf(t, p.memberId)).toBe(990_00);
  });
});

describe('hostile input that gave 500 (item 10)', () => {
  it('a NUL byte in any string is a Thai validation error and nothing is stored', async () => {
    const count = async () => (await t.db.selectFrom('banner').select('id').execute()).length;
    const before = await count();
    const res = await call(t.app, 'POST', '/api/admin/content/banners', {
      token: owner,
      body: { title: 'โปร\u0000โมชั่น', image: '/x.png' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { title: 'ข้อความมีอักขระที่ไม่อนุญาต' } });
    expect(await count()).toBe(before);

    const login = await call(t.app, 'POST', '/api/login', {
      body: { phone: '0811111111\u0000', password: 'x' },
    });
    expect(login.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { phone: 'ข้อความมีอักขระที่ไม่อนุญาต' },
    });
    const search = await call(t.app, 'GET', '/api/game/list?q=%00');
    expect(search.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { q: 'ข้อความมีอักขระที่ไม่อนุญาต' } });
  });

  it('a repeated topics on /api/stream is a 400 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stream?topics=lobby&topics=round:1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 1000, code: 'MALFORMED_REQUEST' });
  });

  it('an impossible date on the statement is a Thai form error', async () => {
    const m = await newMember(t);
    for (const date of ['2026-02-31', '2026-13-01', '2026-00-10', '0000-01-01']) {
      const res = await call(t.app, 'GET', `/api/member/statement?from=${date}`, { token: m.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { from: 'ไม่มีวันที่นี้ในปฏิทิน' } });
    }
    const ok = await call(t.app, 'GET', '/api/member/statement?from=2024-02-29&to=2026-03-01', {
      token: m.token,
    });
    expect(ok.body.error).toBe(0);
  });
});

describe('no English from the validation library (item 13)', () => {
  it("zod's own messages are Thai in both kinds of refusal", async () => {
    const wrongType = await call(t.app, 'POST', '/api/login', { body: { phone: 5 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fields).toEqual({ phone: 'ข้อมูลต้องเป็นข้อความ', password: 'กรุณากรอกข้อมูลให้ครบถ้วน' });
    expect(wrongType.body.message).toBe('คำขอไม่ถูกต้อง กรุณาลองใหม่อีกครั้ง (ข้อมูลต้องเป็นข้อความ)');

    const tooLong = await call(t.app, 'POST', '/api/admin/content/banners', {
      token: owner,
      body: { title: 'ก'.repeat(201), image: '/x.png' },
    });
    expect(tooLong.status).toBe(200);
    expect(tooLong.body).toMatchObject({
      message: 'ยาวได้ไม่เกิน 200 ตัวอักษร',
      fields: { title: 'ยาวได้ไม่เกิน 200 ตัวอักษร' },
    });

    const badEnum = await call(t.app, 'GET', '/api/admin/lotto/rounds?status=bogus', { token: owner });
    expect(badEnum.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { status: 'กรุณาเลือกจากตัวเลือกที่กำหนด' },
    });
  });
});
