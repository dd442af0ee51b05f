/**
 * The pending minimum (docs/rules/member-site.md §9: a pending state lasts at least 200 ms once
 * shown): the clock behind `useMinimumPending` (apps/web/src/lib/pending.ts), on fake timers, and
 * the hook on the server, where no effect runs and no timer may start.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_PENDING_MS, PendingHold, useMinimumPending } from '../src/lib/pending';

/** A hold as the hook drives it: `update` after each render, and what the hook returns. */
function held() {
  const changes: boolean[] = [];
  let on = false;
  const hold = new PendingHold((h) => {
    on = h;
    changes.push(h);
  });
  return {
    hold,
    changes,
    render(pending: boolean) {
      hold.update(pending);
      return pending || on;
    },
    shown: (pending: boolean) => pending || on,
  };
}

describe('PendingHold', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 200 ms', () => {
    expect(MIN_PENDING_MS).toBe(200);
  });

  it('keeps a pending view shown at 0 ms and finished at 50 ms until 200 ms', () => {
    const h = held();
    expect(h.render(true)).toBe(true);
    vi.advanceTimersByTime(50);
    expect(h.render(false)).toBe(true);
    vi.advanceTimersByTime(100);
    expect(h.shown(false)).toBe(true);
    vi.advanceTimersByTime(49);
    expect(h.shown(false)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(h.shown(false)).toBe(false);
    expect(h.changes).toEqual([true, false]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never shows pending for a state that is already resolved', () => {
    const h = held();
    expect(h.render(false)).toBe(false);
    expect(h.render(false)).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(h.shown(false)).toBe(false);
    expect(h.changes).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets a pending view that already lasted 200 ms go at once', () => {
    const h = held();
    h.render(true);
    vi.advanceTimersByTime(250);
    expect(h.render(false)).toBe(false);
    expect(h.changes).toEqual([true, false]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts from when the view first showed when it turns pending again inside the hold', () => {
    const h = held();
    h.render(true);
    vi.advanceTimersByTime(50);
    h.render(false);
    vi.advanceTimersByTime(50);
    expect(h.render(true)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(50);
    expect(h.render(false)).toBe(true);
    vi.advanceTimersByTime(49);
    expect(h.shown(false)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(h.shown(false)).toBe(false);
    expect(h.changes).toEqual([true, false]);
  });

  it('starts over for the next pending view', () => {
    const h = held();
    h.render(true);
    h.render(false);
    vi.advanceTimersByTime(200);
    expect(h.shown(false)).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(h.render(true)).toBe(true);
    vi.advanceTimersByTime(10);
    expect(h.render(false)).toBe(true);
    vi.advanceTimersByTime(189);
    expect(h.shown(false)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(h.shown(false)).toBe(false);
    expect(h.changes).toEqual([true, false, true, false]);
  });

  it('stops its timer when the component unmounts, and resumes it on a remount (Strict Mode)', () => {
    const h = held();
    h.render(true);
    vi.advanceTimersByTime(50);
    h.render(false);
    expect(vi.getTimerCount()).toBe(1);
    h.hold.dispose();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(500);
    expect(h.changes).toEqual([true]);
    h.hold.update(false);
    expect(h.changes).toEqual([true, false]);
  });
});

describe('useMinimumPending on the server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function Button({ busy }: { busy: boolean }) {
    const pending = useMinimumPending(busy);
    return createElement('button', { type: 'submit', disabled: pending }, pending ? 'กำลังส่ง…' : 'ส่ง');
  }

  it('renders the state as it is and starts no timer', () => {
    expect(renderToString(createElement(Button, { busy: true }))).toBe(
      '<button type="submit" disabled="">กำลังส่ง…</button>',
    );
    expect(renderToString(createElement(Button, { busy: false }))).toBe('<button type="submit">ส่ง</button>');
    expect(vi.getTimerCount()).toBe(0);
  });
});
