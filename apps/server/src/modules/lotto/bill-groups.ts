import { randomInt } from 'node:crypto';
import { type Db, isDeadlock, isSerializationFailure, raisedRefusal } from '../../platform/db.ts';
import {
  type GroupBill,
  type GroupBillAnswer,
  type PlaceBillAnswer,
  type PlacedRound,
  placeBillRow,
  placeBillsRow,
} from './bill-queries.ts';

/**
 * Bills placed in groups (docs/rules/lottery.md §7 "Bills in groups"; decisions 0079 and 0084). Bills
 * for the same round and rules that arrive while the round's earlier groups are still in the database
 * wait for the next group; a group leaves as soon as one of the round's `inFlight` places is free (a
 * bill on a quiet site leaves on the next turn of the event loop, alone), with at most `max` bills.
 * Each bill gets the answer the one-bill function would have given it (`PlaceBillAnswer`, or the
 * refusal it raised), so the caller's retry loop is the same for both.
 *
 * A bill keeps its place in line from its arrival to its answer (its `BillTicket`, held by the caller
 * over every try): a try sent again (the rules changed, a slot moved) waits in a queue before the bills
 * that arrived after it, and a bill whose key an earlier, unanswered bill holds waits there too — with
 * the bills behind it — until that bill is answered, unless both leave in the same group (the group's
 * function places the repeat after the first).
 */

/** A bill's place in line, from its first try to its answer: `done()` when the caller has answered it. */
export interface BillTicket {
  readonly seq: number;
  readonly keyId: string;
  done(): void;
}

export interface GroupedBill extends GroupBill {
  roundId: number;
  rulesVersion: number;
}

interface Waiting {
  ticket: BillTicket;
  bill: GroupedBill;
  resolve: (a: PlaceBillAnswer) => void;
  reject: (err: unknown) => void;
}

interface RoundQueue {
  waiting: Waiting[];
  inFlight: number;
  scheduled: boolean;
}

export interface BillGroupsOptions {
  max: number;
  inFlight: number;
  lottoWallets: readonly number[];
  /** Told every group's size as it leaves (the `chok_lotto_bill_group_size` histogram; tests). */
  onGroup?: (size: number) => void;
}

/** A refusal of one bill in a group, shaped as the one-bill function raises it (`raisedRefusal`). */
class GroupRefusal extends Error {
  readonly code = 'CK001';
  constructor(
    message: string,
    readonly detail: string | null,
  ) {
    super(message);
  }
}

/** How many times a group the database undid (a slot changed, a deadlock) is sent again at once. */
const GROUP_ATTEMPTS = 3;

export function createBillGroups(db: Db, o: BillGroupsOptions) {
  const queues = new Map<string, RoundQueue>();
  /** `member:key` → the unanswered bills under it, in arrival order: each waits for those before it. */
  const keys = new Map<string, BillTicket[]>();
  let arrivals = 0;
  /** Each group's exposure slot, taken in turn (not an outcome: it only spreads groups over rows). */
  let nextSlot = randomInt(0, 840);

  function queueOf(id: string): RoundQueue {
    let q = queues.get(id);
    if (!q) {
      q = { waiting: [], inFlight: 0, scheduled: false };
      queues.set(id, q);
    }
    return q;
  }

  function schedule(id: string, q: RoundQueue) {
    if (q.scheduled || q.waiting.length === 0 || q.inFlight >= o.inFlight) return;
    q.scheduled = true;
    // The next turn of the event loop: the bills whose requests were read in this one go together.
    setImmediate(() => {
      q.scheduled = false;
      while (q.inFlight < o.inFlight) {
        const group = q.waiting.splice(0, leaving(q.waiting));
        if (group.length === 0) return;
        q.inFlight += 1;
        void send(group).finally(() => {
          q.inFlight -= 1;
          if (q.waiting.length > 0) schedule(id, q);
          else if (q.inFlight === 0) queues.delete(id);
        });
      }
    });
  }

  /**
   * How many bills at the head of a queue leave as the next group: up to `max`, stopping at a bill whose
   * key an earlier bill not in this group still holds (the queue waits there for that bill's answer).
   */
  function leaving(waiting: Waiting[]): number {
    const taken = new Set<BillTicket>();
    let n = 0;
    for (; n < waiting.length && n < o.max; n++) {
      const t = waiting[n]!.ticket;
      for (const before of keys.get(t.keyId)!) {
        if (before === t) break;
        if (!taken.has(before)) return n;
      }
      taken.add(t);
    }
    return n;
  }

  /** A bill's answer freed its key for the bills behind it: the queues they wait in are looked at again. */
  function wake() {
    for (const [id, q] of queues) schedule(id, q);
  }

  async function send(group: Waiting[]): Promise<void> {
    o.onGroup?.(group.length);
    const first = group[0]!.bill;
    nextSlot = (nextSlot + 1) % 840;
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await placeBillsRow(db, {
          roundId: first.roundId,
          rulesVersion: first.rulesVersion,
          lottoWallets: o.lottoWallets,
          slot: nextSlot,
          bills: group.map((w) => w.bill),
        });
        if ('stale' in answer) {
          for (const w of group) w.resolve({ stale: answer.stale });
          return;
        }
        await settle(group, answer.round, answer.bills);
        return;
      } catch (err) {
        if ((isSerializationFailure(err) || isDeadlock(err)) && attempt < GROUP_ATTEMPTS) continue;
        const raised = raisedRefusal(err);
        if (raised && raised.code !== 'LOTTO_ROUND_CLOSED' && raised.code !== 'LOTTO_ROUND_NOT_FOUND') {
          // Something the group could not foresee refused the whole of it (a block that began
          // between its read and its transfers): each bill is placed alone, in arrival order.
          for (const w of group) await single(w);
          return;
        }
        for (const w of group) w.reject(err);
        return;
      }
    }
  }

  /**
   * Answers each bill of a group as the database judged it. A bill it could not judge in the group is
   * placed alone, then the bills that came after it go as a group of their own (arrival order kept).
   */
  async function settle(group: Waiting[], round: PlacedRound, answers: GroupBillAnswer[]) {
    const alone: Waiting[] = [];
    const later: Waiting[] = [];
    group.forEach((w, i) => {
      const a = answers[i]!;
      if ('ok' in a) w.resolve({ ...a.ok, round });
      else if ('replay' in a) w.resolve({ replay: true });
      else if ('single' in a) alone.push(w);
      else if ('later' in a) later.push(w);
      else w.reject(new GroupRefusal(a.refused, a.detail));
    });
    for (const w of alone) await single(w);
    if (later.length > 0) await send(later);
  }

  /** One bill by the one-bill function, answered (or refused) as that function answers it. */
  async function single(w: Waiting) {
    nextSlot = (nextSlot + 1) % 840;
    try {
      w.resolve(
        await placeBillRow(db, {
          roundId: w.bill.roundId,
          rulesVersion: w.bill.rulesVersion,
          memberId: w.bill.memberId,
          walletId: w.bill.walletId,
          lottoWallets: o.lottoWallets,
          idempotencyKey: w.bill.idempotencyKey,
          totalStakeSatang: w.bill.totalStakeSatang,
          slot: nextSlot,
          lines: w.bill.lines,
        }),
      );
    } catch (err) {
      w.reject(err);
    }
  }

  return {
    /** A place in line for a bill about to be tried, held until `done()` (bills.ts: over every try). */
    ticket(memberId: number, idempotencyKey: string): BillTicket {
      const keyId = `${memberId}:${idempotencyKey}`;
      const ticket: BillTicket = {
        seq: arrivals++,
        keyId,
        done() {
          const line = keys.get(keyId)!;
          line.splice(line.indexOf(ticket), 1);
          if (line.length === 0) keys.delete(keyId);
          else wake();
        },
      };
      const line = keys.get(keyId);
      if (line) line.push(ticket);
      else keys.set(keyId, [ticket]);
      return ticket;
    },

    /** One try of a bill, with the bills around it; answers as `placeBillRow` would. */
    place(ticket: BillTicket, bill: GroupedBill): Promise<PlaceBillAnswer> {
      return new Promise<PlaceBillAnswer>((resolve, reject) => {
        const id = `${bill.roundId}:${bill.rulesVersion}`;
        const q = queueOf(id);
        // In arrival order: a try sent again goes before the bills that arrived after it.
        let at = q.waiting.length;
        while (at > 0 && q.waiting[at - 1]!.ticket.seq > ticket.seq) at--;
        q.waiting.splice(at, 0, { ticket, bill, resolve, reject });
        schedule(id, q);
      });
    },
  };
}

export type BillGroups = ReturnType<typeof createBillGroups>;
