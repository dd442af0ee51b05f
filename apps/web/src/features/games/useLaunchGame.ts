import { useNavigate } from 'react-router';
import { useLocalData } from '../../stores/local';
import type { GameItem } from './api';
import { selectGame } from './launcher-store';

/** Selecting a game: members open the launcher; visitors log in first (demo needs no login). */
export function useLaunchGame() {
  const navigate = useNavigate();
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  return (game: GameItem, o: { demo?: boolean; source: string }) => {
    if (!o.demo && !isLoggedIn) {
      navigate('/login');
      return;
    }
    selectGame({
      game_id: game.game_id,
      provider_id: game.provider_id,
      sub_provider_id: game.sub_provider_id,
      source: o.source,
      is_demo: o.demo === true,
      name: game.name,
    });
  };
}
