import type { CallInputOf, DataOf, Endpoint, Route } from '@chok/contract/endpoint';
import * as games from '@chok/contract/routes/games';
import { type Data, requestOf } from '../../lib/api';

export type GameSession = Data<typeof games.originalsSession>;
export type SpinResult = Data<typeof games.slotSpinCall>;
export type BaccaratTable = Data<typeof games.baccaratTable>;
export type FootballBoard = Data<typeof games.footballBoard>;
export type Round = Data<typeof games.originalsHistory>[number];
export type Rotation = Data<typeof games.fairRotate>;

/**
 * The in-house pages run inside the launcher's iframe with their own session (never the member's
 * token), so they use this small client instead of lib/api's `call` (same routes, same typing).
 */
export async function gameCall<E extends Endpoint>(
  route: Route<E>,
  input: CallInputOf<E>,
): Promise<DataOf<E>> {
  const { method, url, body } = requestOf(route, input ?? {});
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error('ไม่สามารถเชื่อมต่อระบบได้ กรุณาลองใหม่');
  }
  const envelope = (await res.json().catch(() => null)) as {
    error: number;
    message: string;
    data: DataOf<E>;
  } | null;
  if (envelope?.error !== 0) throw new Error(envelope?.message || 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง');
  return (envelope as { data: DataOf<E> }).data;
}

/** A client seed drawn in this browser: 16 random bytes as hex (docs/rules/casino.md §6.2). */
export function drawClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The member's first client seed, drawn here rather than by the server (docs/rules/casino.md §6.2):
 * a player whose active seed has none yet ('') sets one before the game shows, so no round is ever
 * played on two seeds the server picked. The rotation activates the next seed, whose hash the session
 * showed before this seed was drawn. Should that call fail, the session stays as it is: the server then draws one at the first
 * round (the rule for API clients that never set one).
 */
async function withOwnClientSeed(s: GameSession): Promise<GameSession> {
  if (s.demo || !s.fair || s.fair.client_seed !== '') return s;
  try {
    const r = await gameCall(games.fairRotate, { session: s.session, client_seed: drawClientSeed() });
    return { ...s, fair: r.next };
  } catch (err) {
    console.error('client seed', err);
    return s;
  }
}

const exchanges = new Map<string, Promise<GameSession>>();
/**
 * Exchanges the launch (or demo) token once per page, even when effects run twice, and sets the
 * member's first client seed when there is none yet.
 */
export function openSession(token: string, demo: boolean): Promise<GameSession> {
  const key = `${demo}:${token}`;
  let p = exchanges.get(key);
  if (!p) {
    p = gameCall(games.originalsSession, { token, demo }).then(withOwnClientSeed);
    exchanges.set(key, p);
  }
  return p;
}
