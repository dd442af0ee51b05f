import { useState } from 'react';
import { useLobby } from '../../features/lotto/api';
import { CategoryTabs, withAll } from '../../features/lotto/CategoryTabs';
import { LottoNav } from '../../features/lotto/LottoNav';
import { MarketCard } from '../../features/lotto/MarketCard';
import { useMinimumPending } from '../../lib/pending';
import './lotto.css';
import { LoadState } from '../../components/LoadState';

export default function Lobby() {
  const { data, isLoading, error } = useLobby();
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
      <LoadState loading={loading} error={error} text="กำลังโหลดรายการหวย…" />
      {shown.map((c) => (
        <section key={c.id} className="market-section" aria-labelledby={`cat-${c.id}`}>
          <h2 id={`cat-${c.id}`} className="market-section__title">
            {c.name}
          </h2>
          <div className="market-grid">
            {c.markets.map((m) => (
              <MarketCard key={m.market_id} m={m} testId={`market-${m.code}`} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
