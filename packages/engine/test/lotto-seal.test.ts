import { createHash, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealCommitment } from '../src/lotto/chain.ts';
import { SEAL_OFFSET_MAX_MS, sealVerified } from '../src/lotto/yeekee.ts';

describe('yeekee sealed close (docs/rules/lottery.md §9)', () => {
  it("the browser's plain SHA-256 commitment equals the server's node:crypto one", () => {
    for (let i = 0; i < 200; i++) {
      const d = randomInt(0, SEAL_OFFSET_MAX_MS + 1);
      const salt = randomBytes(16).toString('hex');
      expect(sealCommitment(d, salt)).toBe(createHash('sha256').update(`${d}|${salt}`).digest('hex'));
    }
    // Known answer: SHA-256("20000|abc").
    expect(sealCommitment(20_000, 'abc')).toBe(
      '53d9e5454195a1efd4eefebf96940ac4384ed0f93f68d1990e1f595eacce2ebd',
    );
  });

  it('verifies a reveal only when it hashes to the commitment and d is in range', () => {
    const commitment = sealCommitment(12_345, 'salt');
    expect(sealVerified({ commitment, offset_ms: 12_345, salt: 'salt' })).toBe(true);
    expect(sealVerified({ commitment, offset_ms: 12_346, salt: 'salt' })).toBe(false);
    expect(sealVerified({ commitment, offset_ms: 12_345, salt: 'salT' })).toBe(false);
    expect(sealVerified({ commitment, offset_ms: null, salt: null })).toBe(false);
    const far = sealCommitment(SEAL_OFFSET_MAX_MS + 1, 'salt');
    expect(sealVerified({ commitment: far, offset_ms: SEAL_OFFSET_MAX_MS + 1, salt: 'salt' })).toBe(false);
    const neg = sealCommitment(-1, 'salt');
    expect(sealVerified({ commitment: neg, offset_ms: -1, salt: 'salt' })).toBe(false);
  });
});

describe('the chain hash passed in', () => {
  it("the engine's pure SHA-256 and node:crypto's agree on chain fields (the server passes the native one)", async () => {
    const { createHash } = await import('node:crypto');
    const { sha256Hex } = await import('../src/lotto/chain.ts');
    for (const text of [
      '',
      'a',
      '7|2025-01-01|3',
      `${'f'.repeat(64)}|12|${'e'.repeat(64)}|123|2026-11-23T15:00:00.123Z`,
      'ไทย'.repeat(50),
    ])
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
  });
});
