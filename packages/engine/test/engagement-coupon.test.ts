import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUPON_ALPHABET,
  COUPON_RULES,
  couponCode,
  isCouponCode,
  normalizeCouponCode,
} from '../src/engagement/coupon.ts';

describe('coupon codes (docs/rules/engagement.md §2)', () => {
  it('are 10 Crockford base32 characters, one per random byte', () => {
    expect(COUPON_ALPHABET).toHaveLength(32);
    expect(COUPON_ALPHABET).not.toMatch(/[ILOU]/);
    expect(couponCode(new Uint8Array([0, 1, 9, 10, 17, 18, 31, 32, 255, 224]))).toBe('019AHJZ0Z0');
    expect(() => couponCode(new Uint8Array(9))).toThrow(RangeError);
  });

  it('every byte string gives a valid code, and each character is equally likely', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 10, maxLength: 10 }), (bytes) => {
        const code = couponCode(bytes);
        expect(isCouponCode(code)).toBe(true);
        expect(normalizeCouponCode(code)).toBe(code);
      }),
    );
    // Each of the 256 byte values maps to one of 32 characters exactly 8 times.
    const counts = new Map<string, number>();
    for (let b = 0; b < 256; b++) {
      const c = couponCode(new Uint8Array(10).fill(b))[0]!;
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual(Array(32).fill(8));
  });

  it('reads what a member typed the Crockford way, or refuses it', () => {
    expect(normalizeCouponCode(' abcd-efgh 12 ')).toBe('ABCDEFGH12');
    expect(normalizeCouponCode('oOiIlL0123')).toBe('0011110123');
    expect(normalizeCouponCode('ABCDEFGH1')).toBeNull();
    expect(normalizeCouponCode('ABCDEFGH123')).toBeNull();
    expect(normalizeCouponCode('ABCDEFGHU1')).toBeNull();
    expect(normalizeCouponCode('ABCDEFGH!1')).toBeNull();
  });

  it('§2 defaults: 5 wrong codes an hour lock entry for an hour; the balance rule is 5 baht', () => {
    expect(COUPON_RULES).toEqual({
      maxFailures: 5,
      failureWindowMinutes: 60,
      lockMinutes: 60,
      balanceBelowSatang: 500,
    });
  });
});
