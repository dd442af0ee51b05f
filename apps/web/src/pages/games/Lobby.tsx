import { useDeferredValue, useState } from 'react';
import { preload } from 'react-dom';
import { Link, NavLink, useParams } from 'react-router';
import { ChevronLeftIcon } from '../../components/Icons';
import { Logo } from '../../components/Logo';
import {
  type GameItem,
  lobbyCategoryOf,
  useGameList,
  useLobby,
  useLobbyConfig,
} from '../../features/games/api';
import { GameCard } from '../../features/games/GameCard';
import { useLaunchGame } from '../../features/games/useLaunchGame';
import { WalletChip } from '../../features/wallet/WalletChip';
import { useMinimumPending } from '../../lib/pending';
import { useLocalData } from '../../stores/local';
import '../../features/games/lobby.css';

function Row({
  title,
  games,
  play,
}: {
  title: string;
  games: GameItem[];
  play: (g: GameItem, demo: boolean) => void;
}) {
  if (games.length === 0) return null;
  return (
    <section className="lobby-row" aria-label={title}>
      <h2 className="lobby-row__title">{title}</h2>
      <div className="lobby-row__scroller">
        {games.map((g) => (
          <GameCard
            key={`${title}-${g.id}`}
            game={g}
            onPlay={() => play(g, false)}
            onDemo={() => play(g, true)}
          />
        ))}
      </div>
    </section>
  );
}

/** /lobby/{name}: category tabs, provider filter, search, hot and last-played rows, the games. */
export default function Lobby() {
  const { name } = useParams();
  const category = lobbyCategoryOf(name);
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const [provider, setProvider] = useState<string>('');
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const config = useLobbyConfig(category ?? '');
  const lobby = useLobby();
  const list = useGameList({ category, provider: provider || undefined, q: q || undefined });
  const listLoading = useMinimumPending(list.isLoading);
  const found = listLoading ? undefined : list.data;
  const launch = useLaunchGame();
  const play = (g: GameItem, demo: boolean) => launch(g, { demo, source: `lobby:${category ?? 'all'}` });
  const filtering = provider !== '' || q !== '';
  // The banner is the largest thing on the first screen and a background, which the browser finds
  // only once the page is styled: asked for at once (in the head of the server's page).
  if (config.data?.banner) preload(config.data.banner, { as: 'image', fetchPriority: 'high' });
  const inCategory = (games: GameItem[] | undefined) =>
    (games ?? []).filter((g) => !category || g.categories.includes(category));

  return (
    <div className="lobby">
      <header className="lobby-top">
        <div className="container lobby-top__inner">
          <Link to="/" className="icon-btn lobby-top__back" aria-label="กลับหน้าแรก">
            <ChevronLeftIcon />
          </Link>
          <Logo />
          <div className="lobby-top__spacer" />
          {isLoggedIn ? (
            <WalletChip />
          ) : (
            <Link to="/login" className="btn btn--primary btn--sm">
              เข้าสู่ระบบ
            </Link>
          )}
        </div>
      </header>
      <div className="container lobby__content">
        <div
          className="lobby-hero"
          style={config.data?.banner ? { backgroundImage: `url(${config.data.banner})` } : undefined}
        >
          <div className="lobby-hero__text">
            <p className="lobby-hero__eyebrow">Chok Originals · ยุติธรรมตรวจสอบได้</p>
            <h1 className="lobby-hero__title">{config.data?.title ?? 'เกมทั้งหมด'}</h1>
          </div>
        </div>
        <nav className="lobby-tabs" aria-label="หมวดเกม">
          <NavLink to="/lobby" end className="lobby-tab">
            ทั้งหมด
          </NavLink>
          {(config.data?.categories ?? []).map((c) => (
            <NavLink key={c.key} to={`/lobby/${c.key}`} className="lobby-tab">
              {c.label}
              <span className="lobby-tab__count">{c.game_count}</span>
            </NavLink>
          ))}
        </nav>
        <div className="lobby-filters">
          <fieldset className="lobby-providers ih-fieldset">
            <legend className="sr-only">ค่ายเกม</legend>
            <button
              type="button"
              className={`chip${provider === '' ? ' is-active' : ''}`}
              onClick={() => setProvider('')}
            >
              ทุกค่าย
            </button>
            {(config.data?.providers ?? []).map((p) => (
              <button
                key={p.id}
                type="button"
                className={`chip${provider === p.id ? ' is-active' : ''}`}
                onClick={() => setProvider(p.id)}
                aria-pressed={provider === p.id}
              >
                {p.logo && <img src={p.logo} alt="" width={20} height={20} loading="lazy" />}
                {p.name}
              </button>
            ))}
          </fieldset>
          <label className="lobby-search">
            <span className="sr-only">ค้นหาเกม</span>
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" strokeLinecap="round" />
            </svg>
            <input
              type="search"
              placeholder="ค้นหาเกม"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
        </div>
        {!filtering && (
          <>
            {isLoggedIn && <Row title="เล่นล่าสุด" games={inCategory(lobby.data?.last)} play={play} />}
            <Row title="เกมยอดนิยม" games={inCategory(lobby.data?.hot)} play={play} />
          </>
        )}
        <section className="lobby-grid-section" aria-label="เกมทั้งหมด">
          <h2 className="lobby-row__title">{filtering ? 'ผลการค้นหา' : 'เกมทั้งหมด'}</h2>
          {found && found.length === 0 ? (
            <p className="lobby-empty">ไม่พบเกมที่ค้นหา</p>
          ) : (
            <div className="lobby-grid" aria-busy={listLoading}>
              {(found ?? []).map((g) => (
                <GameCard key={g.id} game={g} onPlay={() => play(g, false)} onDemo={() => play(g, true)} />
              ))}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
