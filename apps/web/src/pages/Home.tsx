import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../components/Dialog';
import { BallIcon, DiceIcon, FishIcon, GiftIcon, LottoIcon, SlotIcon } from '../components/Icons';
import { useBanners, useNotifications, usePromotions } from '../features/content/api';
import { BannerCarousel } from '../features/content/BannerCarousel';
import { type GameCategory, type GameItem, useLobby } from '../features/games/api';
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
              {p.image && <img className="promo-card__image" src={p.image} alt="" loading="lazy" />}
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
            {n.image && <img src={n.image} alt="" loading="lazy" />}
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
      <Promotions />
      <News />
    </div>
  );
}
