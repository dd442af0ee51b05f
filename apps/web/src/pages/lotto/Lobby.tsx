import { memo, useState } from 'react';
import { Link } from 'react-router';
import { type Lobby as LobbyData, useLobby } from '../../features/lotto/api';
import { CategoryTabs, withAll } from '../../features/lotto/CategoryTabs';
import { LottoNav } from '../../features/lotto/LottoNav';
import { roundDate } from '../../features/lotto/labels';
import { CloseTime, marketBadge, RoundSide, useRoundState } from '../../features/lotto/RoundClock';
import { useMinimumPending } from '../../lib/pending';
import './lotto.css';

type Market = LobbyData['categories'][number]['markets'][number];

/** A market and its current round; renders again when its round closes or the lobby changes. */
const MarketCard = memo(function MarketCard({ m }: { m: Market }) {
  const r = m.round;
  const { open, status } = useRoundState(r);
  const body = (
    <>
      <span className={`market-card__badge market-card__badge--${m.derive_rule}`} aria-hidden>
        {marketBadge(m.code, m.name)}
      </span>
      <span className="market-card__main">
        <span className="market-card__name">{m.name}</span>
        <span className="market-card__meta">
          {r ? (
            <>
              {m.derive_rule === 'yeekee' ? `รอบที่ ${r.round_no} · ` : `งวด ${roundDate(r.business_date)} · `}
              <CloseTime at={r.close_at} />
            </>
          ) : (
            'ยังไม่มีงวดที่เปิด'
          )}
        </span>
      </span>
      <RoundSide r={r} open={open} status={status} />
    </>
  );
  return r ? (
    <Link
      to={`/lotto/${r.round_id}`}
      className={`market-card${open ? ' is-open' : ''}`}
      data-testid={`market-${m.code}`}
    >
      {body}
    </Link>
  ) : (
    <div className="market-card is-idle">{body}</div>
  );
});

export default function Lobby() {
  const { data, isLoading, isError, error } = useLobby();
  const loading = useMinimumPending(isLoading);
  const [category, setCategory] = useState<string>('all');
  const cats = (loading ? undefined : data?.categories) ?? [];
  const shown = category === 'all' ? cats : cats.filter((c) => c.id === category);

  return (
    <div className="container lotto-page">
      <LottoNav />
      <section className="lotto-hero">
        <div>
          <h1 className="lotto-hero__title">หวยออนไลน์</h1>
          <p className="lotto-hero__sub">หวยรัฐบาล ยี่กี 88 รอบ หวยต่างประเทศ และหวยหุ้น จ่ายจริงทุกงวด</p>
        </div>
        <div className="lotto-hero__rates">
          <span>
            3 ตัวบน <strong>900</strong>
          </span>
          <span>
            2 ตัว <strong>90</strong>
          </span>
        </div>
      </section>
      <CategoryTabs cats={withAll(cats)} current={category} onSelect={setCategory} />
      {loading && <p className="empty-text">กำลังโหลดรายการหวย…</p>}
      {!loading && isError && (
        <p className="empty-text" role="alert">
          {error.message}
        </p>
      )}
      {shown.map((c) => (
        <section key={c.id} className="market-section" aria-labelledby={`cat-${c.id}`}>
          <h2 id={`cat-${c.id}`} className="market-section__title">
            {c.name}
          </h2>
          <div className="market-grid">
            {c.markets.map((m) => (
              <MarketCard key={m.market_id} m={m} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
