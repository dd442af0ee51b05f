import type { GameItem } from './api';

interface Props {
  game: GameItem;
  onPlay: () => void;
  onDemo: () => void;
}

/** A lobby tile: lazy art, name, provider, play and (when allowed) demo. */
export function GameCard({ game, onPlay, onDemo }: Props) {
  return (
    <article className="game-card" data-testid="game-card" data-game={game.game_id}>
      <button type="button" className="game-card__art" onClick={onPlay} aria-label={`เล่น ${game.name}`}>
        <img src={game.image} alt="" loading="lazy" decoding="async" width={300} height={400} />
        {game.is_hot && <span className="game-card__hot">ฮิต</span>}
        <span className="game-card__play" aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
      </button>
      <div className="game-card__meta">
        <h3 className="game-card__name">{game.name}</h3>
        <p className="game-card__provider">{game.provider_name}</p>
      </div>
      <div className="game-card__actions">
        <button type="button" className="btn btn--primary btn--sm" onClick={onPlay}>
          เล่นเลย
        </button>
        {game.demo_allowed && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={onDemo}>
            ทดลองเล่น
          </button>
        )}
      </div>
    </article>
  );
}
