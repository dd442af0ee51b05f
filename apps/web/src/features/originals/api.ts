import type * as games from '@chok/contract/api/games';
import type { DataOf } from '@chok/contract/endpoint';

export type GameSession = DataOf<typeof games.originalsSession>;
export type SpinResult = DataOf<typeof games.slotSpinCall>;
export type ShotResult = DataOf<typeof games.fishShoot>;
export type BaccaratTable = DataOf<typeof games.baccaratTable>;
export type FootballBoard = DataOf<typeof games.footballBoard>;
export type Round = DataOf<typeof games.originalsHistory>[number];
export type Rotation = DataOf<typeof games.fairRotate>;

/**
 * The in-house pages run inside the launcher's iframe with their own session (never the member's
 * token), so they use this small client instead of lib/api.
 */
export async function gameCall<T>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error('ไม่สามารถเชื่อมต่อระบบได้ กรุณาลองใหม่');
  }
  const envelope = (await res.json().catch(() => null)) as { error: number; message: string; data: T } | null;
  if (envelope?.error !== 0) throw new Error(envelope?.message || 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง');
  return (envelope as { data: T }).data;
}

const exchanges = new Map<string, Promise<GameSession>>();
/** Exchanges the launch (or demo) token once per page, even when effects run twice. */
export function openSession(token: string, demo: boolean): Promise<GameSession> {
  const key = `${demo}:${token}`;
  let p = exchanges.get(key);
  if (!p) {
    p = gameCall<GameSession>('/api/originals/session', { token, demo });
    exchanges.set(key, p);
  }
  return p;
}
