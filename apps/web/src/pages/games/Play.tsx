import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { type GameSession, openSession } from '../../features/originals/api';
import { useMinimumPending } from '../../lib/pending';
import '../../features/originals/originals.css';

const games: Record<string, ComponentType<{ session: GameSession }>> = {
  'golden-elephant': lazy(() => import('../../features/originals/Slot').then((m) => ({ default: m.Slot }))),
  fishing: lazy(() => import('../../features/originals/Fishing').then((m) => ({ default: m.Fishing }))),
  'virtual-football': lazy(() =>
    import('../../features/originals/Football').then((m) => ({ default: m.Football })),
  ),
  baccarat: lazy(() => import('../../features/originals/Baccarat').then((m) => ({ default: m.Baccarat }))),
};
const componentOf = (code: string) => games[code.startsWith('baccarat-') ? 'baccarat' : code];

/**
 * /play/<game>?t=<launch token> (or ?demo=<token>): an in-house game, as the launcher's iframe
 * shows it. The token is exchanged once for the game's own session.
 */
export default function Play() {
  const { game = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? params.get('demo');
  const demo = params.has('demo');
  const [session, setSession] = useState<GameSession | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    openSession(token, demo).then(setSession, (e: Error) => setError(e.message));
  }, [token, demo]);

  const Game = componentOf(game);
  const starting = useMinimumPending(Boolean(token && Game) && !error && !session);
  if (!starting && (!token || !Game || error)) {
    return (
      <div className="ih-center">
        <p>{error ?? 'ไม่พบเกม หรือลิงก์เข้าเกมหมดอายุแล้ว'}</p>
        <Link to="/lobby" className="btn btn--primary" target="_top">
          กลับไปที่ล็อบบี้
        </Link>
      </div>
    );
  }
  if (starting || !session || !Game) {
    return (
      <div className="ih-center" aria-busy="true">
        <span className="ih-spinner" />
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <div className="ih-center" aria-busy="true">
          <span className="ih-spinner" />
        </div>
      }
    >
      <Game session={session} />
    </Suspense>
  );
}
