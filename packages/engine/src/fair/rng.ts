/**
 * The randomness every game reads, passed in so the math stays pure (docs/rules/casino.md §6.4):
 * uniform(n) takes the next 4 bytes big-endian as u, discards u ≥ 2³² − (2³² mod n) and reads
 * on, else returns u mod n; real() is u / 2³².
 */
export interface Rng {
  uniform(n: number): number;
  real(): number;
}

const TWO_32 = 2 ** 32;

/** An Rng over any source of byte blocks (an HMAC stream, or bulk OS randomness for simulations). */
export class ByteRng implements Rng {
  private block: Uint8Array = new Uint8Array(0);
  private at = 0;

  constructor(private readonly nextBlock: () => Uint8Array) {}

  /** The next 4 bytes as an unsigned big-endian integer; blocks are concatenated seamlessly. */
  next32(): number {
    if (this.at + 4 <= this.block.length) {
      const b = this.block;
      const i = this.at;
      this.at = i + 4;
      return ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
    }
    let u = 0;
    for (let k = 0; k < 4; k++) u = u * 256 + this.nextByte();
    return u;
  }

  private nextByte(): number {
    while (this.at >= this.block.length) {
      this.block = this.nextBlock();
      this.at = 0;
    }
    return this.block[this.at++]!;
  }

  uniform(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > TWO_32)
      throw new RangeError(`uniform(n) needs 1 ≤ n ≤ 2³²: ${n}`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const u = this.next32();
      if (u < limit) return u % n;
    }
  }

  real(): number {
    return this.next32() / TWO_32;
  }
}
