import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../components/Dialog';
import { BallIcon, DiceIcon, FishIcon, GiftIcon, LottoIcon, SlotIcon } from '../components/Icons';
import { LaterImage } from '../components/LaterImage';
import { useBanners, useNotifications, usePromotions } from '../features/content/api';
import { BannerCarousel } from '../features/content/BannerCarousel';
import { type GameCategory, type GameItem, useLobby } from '../features/games/api';
import { useLaunchGame } from '../features/games/useLaunchGame';
import { type LatestResult, type Lobby as LottoLobby, lottoQueries } from '../features/lotto/api';
import { roundDate } from '../features/lotto/labels';
import { MarketCard } from '../features/lotto/MarketCard';
import { useMinimumPending } from '../lib/pending';
import { useLocalData } from '../stores/local';
import { useUi } from '../stores/ui';
import './home.css';

type Tone = 'red' | 'gold' | 'purple' | 'green' | 'blue' | 'pink';

interface Tile {
  to: string;
  label: string;
  sub: string;
  Icon: ComponentType<{ size?: number }>;
  tone: Tone;
}

/** The game categories a home tile may show, in order; a tile shows only when the catalogue has games in it. */
const GAME_TILES: {
  category: Exclude<GameCategory, 'freespin'>;
  label: string;
  Icon: Tile['Icon'];
  tone: Tone;
}[] = [
  { category: 'slot', label: 'สล็อต', Icon: SlotIcon, tone: 'gold' },
  { category: 'casino', label: 'คาสิโน', Icon: DiceIcon, tone: 'purple' },
  { category: 'sport', label: 'กีฬา', Icon: BallIcon, tone: 'green' },
  { category: 'fishing', label: 'ยิงปลา', Icon: FishIcon, tone: 'blue' },
];

/** What a category really holds, in a few words: its games' names ("บาคาร่า ห้องสยาม" → "บาคาร่า"), distinct. */
function categorySummary(games: readonly GameItem[]): string {
  const words = [...new Set(games.map((g) => g.name.trim().split(/\s+/)[0] ?? g.name))];
  return words.slice(0, 2).join(' · ');
}

/** Lotto, the game categories the catalogue has (derived from it, never promised), and promotions. */
function CategoryTiles() {
  const { data, isPending } = useLobby();
  const pending = useMinimumPending(isPending);
  const lobby = pending ? undefined : data;
  const games: Tile[] = lobby
    ? GAME_TILES.filter((t) => lobby[t.category].length > 0).map((t) => ({
        to: `/lobby/${t.category}`,
        label: t.label,
        sub: categorySummary(lobby[t.category]),
        Icon: t.Icon,
        tone: t.tone,
      }))
    : [];
  const tiles: Tile[] = [
    { to: '/lotto/lobby', label: 'หวยออนไลน์', sub: 'รัฐบาล ยี่กี หุ้น', Icon: LottoIcon, tone: 'red' },
    ...games,
    { to: '/promotions', label: 'โปรโมชั่น', sub: 'โบนัสเงินฝาก', Icon: GiftIcon, tone: 'pink' },
  ];
  return (
    <nav className="category-grid" aria-label="หมวดเกม" data-testid="category-tiles">
      {tiles.map(({ to, label, sub, Icon, tone }) => (
        <Link key={to} to={to} className={`category-card category-card--${tone}`}>
          <span className="category-card__icon">
            <Icon size={26} />
          </span>
          <span className="category-card__label">{label}</span>
          <span className="category-card__sub">{sub}</span>
        </Link>
      ))}
      {pending &&
        GAME_TILES.map((t) => (
          <span key={t.category} className="category-card category-card--pending" aria-hidden="true" />
        ))}
    </nav>
  );
}

type Market = LottoLobby['categories'][number]['markets'][number];
type MarketWithRound = Market & { round: NonNullable<Market['round']> };

/** How many open rounds the home page lists. */
const HOME_ROUNDS = 6;

/**
 * The rounds the home page shows: the next Thai government draw and the running yeekee round first,
 * then the other markets' rounds, those taking bets first, soonest close first.
 */
function featuredRounds(lobby: LottoLobby): MarketWithRound[] {
  const markets = lobby.categories
    .flatMap((c) => c.markets)
    .filter((m): m is MarketWithRound => m.round !== null);
  const glo = markets.find((m) => m.derive_rule === 'glo');
  const yeekee = markets.find((m) => m.derive_rule === 'yeekee');
  const rest = markets
    .filter((m) => m !== glo && m !== yeekee)
    .sort(
      (a, b) =>
        Number(b.round.status === 'open') - Number(a.round.status === 'open') ||
        Date.parse(a.round.close_at) - Date.parse(b.round.close_at),
    );
  return [glo, yeekee, ...rest].filter((m) => m !== undefined).slice(0, HOME_ROUNDS);
}

/** The lottery rounds open now or next, each with its countdown on the server clock, to its round page. */
function OpenRounds() {
  const { data } = useQuery({ ...lottoQueries.lobby(), refetchInterval: 60_000 });
  const rounds = data ? featuredRounds(data) : [];
  if (rounds.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-rounds-title">
      <div className="home-section__head">
        <h2 id="home-rounds-title" className="home-section__title">
          หวยเปิดรับแทง
        </h2>
        <Link to="/lotto/lobby" className="link">
          ดูทั้งหมด
        </Link>
      </div>
      <div className="market-grid" data-testid="home-rounds">
        {rounds.map((m) => (
          <MarketCard key={m.market_id} m={m} testId={`home-round-${m.code}`} />
        ))}
      </div>
    </section>
  );
}

function ResultRow({ r }: { r: LatestResult }) {
  return (
    <li>
      <Link
        to={`/lotto/results?date=${r.business_date}`}
        className="home-result"
        data-testid={`home-result-${r.market_code}`}
      >
        <span className="home-result__main">
          <span className="home-result__name">{r.market_name}</span>
          <span className="home-result__meta">
            {r.derive_rule === 'yeekee' ? `รอบที่ ${r.round_no} · ` : ''}งวด {roundDate(r.business_date)}
            {r.demo && <span className="home-result__demo"> · ข้อมูลทดลอง</span>}
          </span>
        </span>
        <span className="home-result__digits">
          <span>
            <small>3 ตัวบน</small>
            <strong>{r.top3}</strong>
          </span>
          <span>
            <small>2 ตัวล่าง</small>
            <strong>{r.bottom2}</strong>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Each market's newest result (of the last few days), to the results page of its day. */
function LatestResults() {
  const { data } = useQuery(lottoQueries.latestResults());
  if (!data || data.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-results-title">
      <div className="home-section__head">
        <h2 id="home-results-title" className="home-section__title">
          ผลหวยล่าสุด
        </h2>
        <Link to="/lotto/results" className="link">
          ดูผลทั้งหมด
        </Link>
      </div>
      <ul className="home-results" data-testid="home-results">
        {data.map((r) => (
          <ResultRow key={r.round_id} r={r} />
        ))}
      </ul>
    </section>
  );
}

/** How many games the home page shows. */
const HOME_GAMES = 6;

/** The catalogue's games with their pictures, the hot ones first; each opens the game (a visitor logs in first). */
function GameTiles() {
  const { data } = useLobby();
  const launch = useLaunchGame();
  if (!data) return null;
  const seen = new Set<number>();
  const games = [data.hot, data.slot, data.casino, data.fishing, data.sport, data.freespin]
    .flat()
    .filter((g) => !seen.has(g.id) && seen.add(g.id))
    .slice(0, HOME_GAMES);
  if (games.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-games-title">
      <div className="home-section__head">
        <h2 id="home-games-title" className="home-section__title">
          เกมยอดนิยม
        </h2>
        <Link to="/lobby" className="link">
          ดูทั้งหมด
        </Link>
      </div>
      <ul className="home-games" data-testid="home-games">
        {games.map((g) => (
          <li key={g.id}>
            <button
              type="button"
              className="home-game"
              onClick={() => launch(g, { source: 'home' })}
              data-game={g.game_id}
            >
              <LaterImage src={g.image} alt="" width={300} height={400} fetchPriority="low" />
              {g.is_hot && <span className="home-game__hot">ฮิต</span>}
              <span className="home-game__name">{g.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Promotions() {
  const { data: promotions } = usePromotions();
  const selectedId = useUi((s) => s.selectedPromotionId);
  const open = useUi((s) => s.promotionOpen);
  const set = useUi((s) => s.set);
  const selected = promotions?.find((p) => p.id === selectedId);
  if (!promotions || promotions.length === 0) return null;
  return (
    <section className="home-section">
      <div className="home-section__head">
        <h2 className="home-section__title">โปรโมชั่น</h2>
        <Link to="/promotions" className="link">
          ดูทั้งหมด
        </Link>
      </div>
      <ul className="promo-grid">
        {promotions.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="promo-card"
              onClick={() => set({ selectedPromotionId: p.id, promotionOpen: true })}
            >
              {p.image && <LaterImage className="promo-card__image" src={p.image} alt="" />}
              <span className="promo-card__body">
                <span className="promo-card__title">{p.title}</span>
                <span className="promo-card__text">{p.description}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={open && selected !== undefined}
        onClose={() => set({ promotionOpen: false })}
        title={selected?.title ?? ''}
        width={480}
        testId="promotion-dialog"
        footer={
          <Link
            to="/promotions"
            className="btn btn--primary btn--block"
            onClick={() => set({ promotionOpen: false })}
          >
            รับโปรโมชั่น
          </Link>
        }
      >
        {selected && (
          <div className="promo-detail">
            {selected.image && <img src={selected.image} alt="" />}
            <p>{selected.description}</p>
            {selected.terms && (
              <>
                <h3>เงื่อนไข</h3>
                <p className="promo-detail__terms">{selected.terms}</p>
              </>
            )}
          </div>
        )}
      </Dialog>
    </section>
  );
}

/** Notifications other than type 1 (important ones go to the dialog): the news list. */
function News() {
  const { data } = useNotifications();
  const news = data?.filter((n) => n.type !== 1) ?? [];
  if (news.length === 0) return null;
  return (
    <section className="home-section">
      <div className="home-section__head">
        <h2 className="home-section__title">ข่าวสาร</h2>
      </div>
      <ul className="news-list">
        {news.map((n) => (
          <li key={n.id} className="news-list__item">
            {n.image && <LaterImage src={n.image} alt="" />}
            <div>
              <h3>{n.title}</h3>
              <p>{n.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Home() {
  const { data: banners } = useBanners();
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  return (
    <div className="container home">
      {banners && banners.length > 0 ? (
        <BannerCarousel banners={banners} />
      ) : (
        <div className="carousel carousel--placeholder" />
      )}
      {!isLoggedIn && (
        <section className="join-cta">
          <div>
            <p className="join-cta__title">สมัครสมาชิกวันนี้ รับโบนัสต้อนรับทันที</p>
            <p className="join-cta__text">ฝาก-ถอนอัตโนมัติ 24 ชั่วโมง ไม่มีขั้นต่ำ</p>
          </div>
          <div className="join-cta__actions">
            <Link to="/register" className="btn btn--primary btn--lg">
              สมัครสมาชิก
            </Link>
            <Link to="/login" className="btn btn--outline btn--lg">
              เข้าสู่ระบบ
            </Link>
          </div>
        </section>
      )}
      <CategoryTiles />
      <OpenRounds />
      <LatestResults />
      <GameTiles />
      <Promotions />
      <News />
    </div>
  );
}
