/**
 * The per-IP shot limit counts an address's shots in every round (docs/rules/lottery.md §9), but this
 * process judges each round's batches in that round's own queue, against a read taken without a lock
 * (decision 0012). Two rounds' batches judged at the same moment would each miss the other's shots,
 * so an address shooting into several rounds at once could pass its limit. This window keeps the
 * shots this process accepted in other rounds that a read may not have seen yet — those still being
 * written, and those whose commit came after the read was sent — and the judge counts them too.
 *
 * Order is kept with one counter (`tick`): a read is stamped when it is sent, a commit when its
 * answer came back. A commit stamped before a read was committed before the read's statement began,
 * so the read saw it. A shot still being written is counted even if the read might see it: an address
 * racing itself across rounds may be refused a shot early, never allowed one late. Shots are dropped
 * once no read that could have missed them is still waiting to be judged.
 *
 * Within one process only: another server process's shots reach this one through the database alone
 * (docs/decisions/0012-hot-paths.md).
 */
export interface ShotIpWindow {
  /** Stamps a read about to be sent; `done` when its state has been judged (or the read failed). */
  readStarted(): { stamp: number; done: () => void };
  /** Shots of `roundId` accepted and about to be written; `settle(true)` once committed, `false` if not. */
  writing(roundId: number, shots: { ip: string; at: number }[]): { settle: (committed: boolean) => void };
  /** Shots of rounds other than `roundId` from `ip` in `(now − 60 s, now]` that a read stamped `stamp` may have missed. */
  unseen(ip: string, roundId: number, stamp: number, now: number): number;
  /** Entries held (for tests). */
  size(): number;
}

interface Entry {
  ip: string;
  roundId: number;
  at: number;
  /** The tick when its commit came back; null while it is being written. */
  committed: number | null;
}

const MINUTE_MS = 60_000;

export function createShotIpWindow(): ShotIpWindow {
  let tick = 0;
  const byIp = new Map<string, Entry[]>();
  const pendingReads = new Set<number>();
  let count = 0;

  const remove = (e: Entry) => {
    const list = byIp.get(e.ip);
    if (!list) return;
    const i = list.indexOf(e);
    if (i < 0) return;
    list.splice(i, 1);
    count -= 1;
    if (list.length === 0) byIp.delete(e.ip);
  };

  /** Drops committed shots no waiting read can have missed. */
  const prune = (entries: Iterable<Entry>) => {
    const oldest = pendingReads.size === 0 ? Number.POSITIVE_INFINITY : Math.min(...pendingReads);
    for (const e of [...entries]) if (e.committed !== null && e.committed < oldest) remove(e);
  };

  return {
    readStarted() {
      const stamp = ++tick;
      pendingReads.add(stamp);
      return {
        stamp,
        done: () => {
          if (!pendingReads.delete(stamp)) return;
          // Whatever only this read could have missed can go now.
          if (count > 0) prune([...byIp.values()].flat());
        },
      };
    },

    writing(roundId, shots) {
      const entries = shots.map((s): Entry => ({ ip: s.ip, roundId, at: s.at, committed: null }));
      for (const e of entries) {
        const list = byIp.get(e.ip);
        if (list) list.push(e);
        else byIp.set(e.ip, [e]);
      }
      count += entries.length;
      return {
        settle(committed) {
          if (!committed) {
            for (const e of entries) remove(e);
            return;
          }
          const stamp = ++tick;
          for (const e of entries) e.committed = stamp;
          prune(entries);
        },
      };
    },

    unseen(ip, roundId, stamp, now) {
      const list = byIp.get(ip);
      if (!list) return 0;
      let n = 0;
      for (const e of list)
        if (
          e.roundId !== roundId &&
          (e.committed === null || e.committed > stamp) &&
          e.at > now - MINUTE_MS &&
          e.at <= now
        )
          n += 1;
      return n;
    },

    size: () => count,
  };
}
