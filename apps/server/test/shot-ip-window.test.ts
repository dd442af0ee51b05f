import { describe, expect, it } from 'vitest';
import { createShotIpWindow } from '../src/modules/lotto/shot-ip-window.ts';

// The per-IP window across rounds (docs/rules/lottery.md §9; shot-ip-window.ts), on its own.
describe('the shots a read may have missed', () => {
  const ip = '203.0.113.7';
  const now = 1_000_000;

  it('counts another round’s shots while they are written and after, until no earlier read waits', () => {
    const w = createShotIpWindow();
    const readB = w.readStarted(); // round 2's read, sent before round 1's shots commit
    const writing = w.writing(1, [
      { ip, at: now - 1_000 },
      { ip, at: now - 500 },
    ]);
    expect(w.unseen(ip, 2, readB.stamp, now)).toBe(2);
    expect(w.unseen(ip, 1, readB.stamp, now)).toBe(0); // a round's own shots come from its read
    expect(w.unseen('203.0.113.8', 2, readB.stamp, now)).toBe(0);
    writing.settle(true);
    // Committed after round 2's read was sent: that read may not have seen them.
    expect(w.unseen(ip, 2, readB.stamp, now)).toBe(2);
    // A read sent after the commit saw them in the database.
    const later = w.readStarted();
    expect(w.unseen(ip, 2, later.stamp, now)).toBe(0);
    later.done();
    expect(w.size()).toBe(2);
    readB.done();
    expect(w.size()).toBe(0);
  });

  it('forgets shots whose write did not happen, and counts only the last minute', () => {
    const w = createShotIpWindow();
    const read = w.readStarted();
    const failed = w.writing(1, [{ ip, at: now }]);
    failed.settle(false);
    expect(w.unseen(ip, 2, read.stamp, now)).toBe(0);
    const old = w.writing(1, [{ ip, at: now - 60_000 }]);
    expect(w.unseen(ip, 2, read.stamp, now)).toBe(0);
    old.settle(true);
    read.done();
    expect(w.size()).toBe(0);
  });
});
