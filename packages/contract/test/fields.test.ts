import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { billInput } from '../src/api/lotto.ts';
import { withdraw } from '../src/api/payments.ts';
import { bahtAmount, bigId, intId, isoDate, wholeBahtAmount, wholeNumber } from '../src/fields.ts';
import '../src/validation.ts';

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value);

describe('ids (issue 9 item 5)', () => {
  it('accept decimal digits and positive JSON integers only', () => {
    expect(ok(intId, '1').data).toBe(1);
    expect(ok(intId, 42).data).toBe(42);
    expect(ok(intId, '2147483647').data).toBe(2_147_483_647);
    expect(ok(bigId, '9007199254740991').data).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of [
      ' 1',
      '1 ',
      'true',
      true,
      '[2]',
      [2],
      '-1',
      -1,
      '0',
      0,
      '01',
      '1e3',
      '0x10',
      '1.0',
      1.5,
      '',
      null,
      {},
      '１',
      '2147483648',
      2 ** 31,
    ]) {
      expect(ok(intId, bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const bad of ['9007199254740992', '9007199254740993', 2 ** 53, '12345678901234567']) {
      expect(ok(bigId, bad).success, String(bad)).toBe(false);
    }
  });

  it('whole numbers (pages, limits, channels) are read the same way', () => {
    const page = wholeNumber(1, 100);
    expect(ok(page, '20').data).toBe(20);
    expect(ok(page, 20).data).toBe(20);
    for (const bad of [' 20', '2e1', '0x14', '20.0', '', '0', '101', true, ['20']]) {
      expect(ok(page, bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('amounts (issue 9 item 5)', () => {
  it('are ^\\d+(\\.\\d{1,2})?$ text or JSON numbers with at most two decimals', () => {
    const amount = bahtAmount();
    expect(ok(amount, '100').data).toBe('100.00');
    expect(ok(amount, '100.5').data).toBe('100.50');
    expect(ok(amount, '0100.05').data).toBe('100.05');
    expect(ok(amount, 100.25).data).toBe('100.25');
    expect(ok(amount, 0.1).data).toBe('0.10');
    for (const bad of [
      ' 0x64 ',
      '0x64',
      '1e3',
      1e21,
      '-1',
      -1,
      '',
      ' 100',
      '100.',
      '.5',
      '100.005',
      100.005,
      'NaN',
      true,
      [100],
      null,
    ]) {
      expect(ok(amount, bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(ok(amount, '99999999999999.00').error?.issues[0]?.message).toBe('จำนวนเงินสูงเกินไป');
  });

  it('whole-baht amounts refuse satang and give the handler a number', () => {
    const whole = wholeBahtAmount();
    expect(ok(whole, '500').data).toBe(500);
    expect(ok(whole, '500.00').data).toBe(500);
    expect(ok(whole, 500).data).toBe(500);
    expect(ok(whole, '500.5').error?.issues[0]?.message).toBe('จำนวนเงินต้องเป็นจำนวนเต็มบาท');
    expect(ok(withdraw.body!, { amount: '1e3' }).error?.issues[0]).toMatchObject({
      path: ['amount'],
      message: 'กรุณากรอกยอดถอนเป็นตัวเลข',
    });
    expect(ok(withdraw.body!, { amount: 0 }).error?.issues[0]?.message).toBe('กรุณากรอกยอดถอน');
    expect(ok(withdraw.body!, {}).error?.issues[0]?.message).toBe('กรุณากรอกยอดถอน');
    const bill = {
      round_id: 1,
      wallet_id: 1,
      items: [{ bet_type: 'two_top', number: '12', amount: ' 0x64 ' }],
    };
    expect(ok(billInput, bill).success).toBe(false);
  });
});

describe('dates', () => {
  it('refuse impossible calendar dates', () => {
    expect(ok(isoDate, '2024-02-29').success).toBe(true);
    for (const bad of [
      '2026-02-31',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '0000-01-01',
      '2026-1-1',
    ]) {
      expect(ok(isoDate, bad).success, bad).toBe(false);
    }
  });
});

describe('validation messages (issue 9 item 13)', () => {
  it("zod's defaults are Thai, without Latin letters", () => {
    const schema = z.object({
      s: z.string().min(2).max(3),
      n: z.number().int().min(1).max(5),
      e: z.enum(['alpha', 'beta']),
      a: z.array(z.string()).min(1),
      b: z.boolean(),
      r: z.string().regex(/^x$/),
      l: z.literal('x'),
      u: z.union([z.string(), z.number()]),
    });
    const samples = [
      { s: 'a', n: 0, e: 'gamma', a: [], b: 'yes', r: 'y', l: 'y', u: true },
      { s: 'abcd', n: 6.5, e: 1, a: 'x', b: null, r: 5, l: 1, u: null },
      {},
      'x',
    ];
    for (const sample of samples) {
      const issues = schema.safeParse(sample).error?.issues ?? [];
      expect(issues.length).toBeGreaterThan(0);
      for (const issue of issues) {
        expect(issue.message, JSON.stringify(issue)).toMatch(/[\u0E00-\u0E7F]/);
        expect(issue.message, JSON.stringify(issue)).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it('no message of the contract holds Latin letters except the product word OTP, and nothing coerces', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    const files = [
      ...readdirSync(src).map((f) => path.join(src, f)),
      ...readdirSync(path.join(src, 'api')).map((f) => path.join(src, 'api', f)),
    ].filter((f) => f.endsWith('.ts'));
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(text, `${f} must not coerce`).not.toMatch(/z\.coerce/);
      for (const m of text.matchAll(/(?:error|message): ['`]([^'`]*)['`]/g)) {
        const words = m[1]!.replace(/\$?\{\w+\}/g, '').replace(/\bOTP\b/g, '');
        expect(words, `${f}: ${m[1]}`).not.toMatch(/[A-Za-z]/);
      }
    }
  });
});
