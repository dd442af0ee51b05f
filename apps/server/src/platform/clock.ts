/** The server clock is the only clock; tests move it through a FixedClock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class FixedClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** The earliest of several instants: one read from it serves every "since" window (none: null). */
export function earliestOf(instants: readonly Date[]): Date | null {
  return instants.length === 0 ? null : new Date(Math.min(...instants.map((d) => d.getTime())));
}
