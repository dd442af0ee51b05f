import fc from 'fast-check';
import { anyId } from 'promptparse/generate';
import { describe, expect, it } from 'vitest';
import { satang } from '../src/money.ts';
import {
  crc16CcittFalse,
  hasValidCrc,
  normalisePromptPayPhone,
  parsePromptPay,
  promptPayPayload,
} from '../src/payments/promptpay.ts';

/** docs/rules/payments.md §2's worked example: PromptPay phone 081-234-5678, pay_amount 500.37. */
const WORKED = '00020101021229370016A0000006770101110113006681234567853037645406500.375802TH63045DB2';

/** An independent bitwise CRC-16/CCITT-FALSE, to check the library's against. */
function referenceCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'ascii')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

describe('CRC-16/CCITT-FALSE', () => {
  it('has the known answers', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse(WORKED.slice(0, -4))).toBe('5DB2');
    expect(crc16CcittFalse('')).toBe('FFFF');
  });

  it('agrees with a bitwise reference on any ASCII text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789ABCDEFTH.xyz') }), (s) => {
        expect(crc16CcittFalse(s)).toBe(referenceCrc(s));
      }),
    );
  });
});

describe('PromptPay payload', () => {
  it('normalises a phone: digits only, 0 dropped, 66 prefixed, padded to 13', () => {
    expect(normalisePromptPayPhone('0812345678')).toBe('0066812345678');
    expect(normalisePromptPayPhone('081-234-5678')).toBe('0066812345678');
    expect(() => normalisePromptPayPhone('12345')).toThrow();
  });

  it('is the worked example, byte for byte, in the document’s tag order', () => {
    const p = promptPayPayload({ type: 'phone', phone: '081-234-5678' }, satang(50037));
    expect(p).toBe(WORKED);
    expect(p).toHaveLength(84);
    expect([...parsePromptPay(p).keys()]).toEqual([
      '00',
      '01',
      '29',
      '29.00',
      '29.01',
      '53',
      '54',
      '58',
      '63',
    ]);
  });

  it('parses to the same fields as the document, with a valid CRC', () => {
    const fields = parsePromptPay(promptPayPayload({ type: 'phone', phone: '0812345678' }, satang(50037)));
    expect(Object.fromEntries(fields)).toEqual({
      '00': '01',
      '01': '12',
      '29': '0016A00000067701011101130066812345678',
      '29.00': 'A000000677010111',
      '29.01': '0066812345678',
      '53': '764',
      '54': '500.37',
      '58': 'TH',
      '63': '5DB2',
    });
    expect(hasValidCrc(WORKED)).toBe(true);
    expect(hasValidCrc(WORKED.replace('500.37', '500.38'))).toBe(false);
  });

  it('another generator orders tags differently: same fields, different CRC, both valid', () => {
    const other = anyId({ type: 'MSISDN', target: '0812345678', amount: 500.37 });
    expect(other).not.toBe(WORKED);
    expect(hasValidCrc(other)).toBe(true);
    const a = parsePromptPay(other);
    const b = parsePromptPay(WORKED);
    a.delete('63');
    b.delete('63');
    expect(Object.fromEntries(a)).toEqual(Object.fromEntries(b));
    expect(other.slice(-4)).not.toBe('5DB2');
  });

  it('carries a 13-digit tax ID in sub-tag 02', () => {
    const p = promptPayPayload({ type: 'tax_id', taxId: '0105561234567' }, satang(10001));
    const f = parsePromptPay(p);
    expect(f.get('29.02')).toBe('0105561234567');
    expect(f.get('54')).toBe('100.01');
    expect(hasValidCrc(p)).toBe(true);
  });

  it('writes any pay amount with exactly two decimals and always a valid CRC', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_00 }), (n) => {
        const p = promptPayPayload({ type: 'phone', phone: '0899999999' }, satang(n));
        expect(parsePromptPay(p).get('54')).toBe(
          `${Math.trunc(n / 100)}.${String(n % 100).padStart(2, '0')}`,
        );
        expect(hasValidCrc(p)).toBe(true);
      }),
    );
  });

  it('refuses a zero amount', () => {
    expect(() => promptPayPayload({ type: 'phone', phone: '0812345678' }, satang(0))).toThrow();
  });
});
