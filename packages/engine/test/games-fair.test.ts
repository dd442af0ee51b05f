import { createHash, createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteRng } from '../src/fair/rng.ts';
import { hmacSha256, sha256, toHex, utf8 } from '../src/fair/sha256.ts';
import { fairRng, serverSeedHash } from '../src/fair/stream.ts';

const nodeHmac = (key: Uint8Array, msg: Uint8Array) =>
  new Uint8Array(createHmac('sha256', key).update(msg).digest());

describe('provably-fair stream (docs/rules/casino.md §6)', () => {
  it('the plain SHA-256 and HMAC agree with node:crypto on any input', () => {
    expect(toHex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 100 }), (key, msg) => {
        expect(toHex(sha256(msg))).toBe(createHash('sha256').update(msg).digest('hex'));
        expect(toHex(hmacSha256(key, msg))).toBe(toHex(nodeHmac(key, msg)));
      }),
    );
  });

  it('block c is HMAC-SHA256(server seed, "client:nonce:c"), concatenated', () => {
    const serverSeed = 'ab'.repeat(32);
    const key = Buffer.from(serverSeed, 'hex');
    const expected = Buffer.concat(
      [0, 1, 2].map((c) => createHmac('sha256', key).update(`lucky:7:${c}`).digest()),
    );
    const rng = fairRng({ serverSeed, clientSeed: 'lucky', nonce: 7 });
    const words = Array.from({ length: 24 }, () => rng.next32());
    expect(words).toEqual(Array.from({ length: 24 }, (_, i) => expected.readUInt32BE(i * 4)));
    // The browser's plain HMAC and node's give the same stream.
    const viaNode = fairRng({ serverSeed, clientSeed: 'lucky', nonce: 7 }, nodeHmac);
    expect(Array.from({ length: 24 }, () => viaNode.next32())).toEqual(words);
  });

  it('the hash shown before play is SHA-256 of the seed bytes', () => {
    const seed = randomBytes(32).toString('hex');
    expect(serverSeedHash(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
  });

  it('uniform(n) discards u ≥ 2³² − (2³² mod n) and reads on, else returns u mod n', () => {
    // n = 3: 2³² mod 3 = 1, so u = 2³² − 1 is discarded; the next word 10 gives 10 mod 3 = 1.
    const words = [0xffffffff, 10];
    const bytes = new Uint8Array(
      words.flatMap((w) => [w >>> 24, (w >>> 16) & 255, (w >>> 8) & 255, w & 255]),
    );
    expect(new ByteRng(() => bytes).uniform(3)).toBe(1);
    const single = new Uint8Array([0xff, 0xff, 0xff, 0xfe]);
    expect(new ByteRng(() => single).uniform(3)).toBe(0xfffffffe % 3);
    // Reals are u / 2³².
    expect(new ByteRng(() => new Uint8Array([0x80, 0, 0, 0])).real()).toBe(0.5);
  });

  it('uniform(n) is always below n and uses each value (property)', () => {
    const rng = new ByteRng(() => randomBytes(4096));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), (n) => {
        const v = rng.uniform(n);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThan(n);
      }),
    );
    const seen = new Set(Array.from({ length: 2000 }, () => rng.uniform(7)));
    expect(seen.size).toBe(7);
  });

  it('blocks join seamlessly: a word can straddle two blocks', () => {
    let n = 0;
    const rng = new ByteRng(() => new Uint8Array([n++, 1, 2]));
    expect(rng.next32()).toBe((0 << 24) | (1 << 16) | (2 << 8) | 1);
  });
});
