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

const exchanges = new Map<string, Promise<GameSession>>();
/** Exchanges the launch (or demo) token once per page, even when effects run twice. */
export function openSession(token: string, demo: boolean): Promise<GameSession> {
  const key = `${demo}:${token}`;
  let p = exchanges.get(key);
  if (!p) {
    p = gameCall(games.originalsSession, { token, demo });
    exchanges.set(key, p);
  }
  return p;
}
