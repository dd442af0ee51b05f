import { useState } from 'react';
import { formatDate } from '../../lib/dates';
import { useMinimumPending } from '../../lib/pending';
import { PER_PAGE, useNetwork } from './api';
import { Pager } from './Pager';

const LEVELS: { level: 1 | 2 | null; label: string }[] = [
  { level: null, label: 'ทั้งหมด' },
  { level: 1, label: 'ขั้นที่ 1' },
  { level: 2, label: 'ขั้นที่ 2' },
];

/**
 * The member's network two levels down (docs/rules/engagement.md §11 rule 4): masked names and
 * phones, the join date and whether each deposited in the last 30 days.
 */
export function NetworkList() {
  const [level, setLevel] = useState<1 | 2 | null>(null);
  const [page, setPage] = useState(1);
  const { data: loaded, isLoading, isError, error } = useNetwork(level, page);
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  const counts = data?.counts;
  const countOf = (l: 1 | 2 | null) =>
    counts ? (l === 1 ? counts.level1 : l === 2 ? counts.level2 : counts.level1 + counts.level2) : null;

  return (
    <section className="panel" aria-labelledby="aff-network-title">
      <h2 id="aff-network-title" className="panel__title">
        เพื่อนที่คุณแนะนำ
      </h2>
      <div className="aff-tabs" role="tablist" aria-label="ระดับของเพื่อน">
        {LEVELS.map((l) => (
          <button
            key={l.label}
            type="button"
            role="tab"
            aria-selected={level === l.level}
            className={`aff-tab${level === l.level ? ' is-active' : ''}`}
            onClick={() => {
              setLevel(l.level);
              setPage(1);
            }}
          >
            {l.label}
            {countOf(l.level) !== null && <span className="aff-tab__count">{countOf(l.level)}</span>}
          </button>
        ))}
      </div>
      {loading && <p className="empty-text">กำลังโหลด…</p>}
      {!loading && isError && <p className="empty-text">{error.message}</p>}
      {data && data.items.length === 0 && (
        <p className="empty-text">ยังไม่มีเพื่อนในรายการนี้ ชวนเพื่อนด้วยลิงก์ด้านบนได้เลย</p>
      )}
      <ul className="aff-list" data-testid="affiliate-network">
        {data?.items.map((m) => (
          <li key={`${m.level}-${m.phone}-${m.joined_at}`} className="aff-list__item">
            <div>
              <p className="aff-list__name">{m.name}</p>
              <p className="aff-list__meta">
                {m.phone} · สมัครเมื่อ {formatDate(m.joined_at)}
              </p>
            </div>
            <div className="aff-list__side">
              <span className="aff-level">ขั้นที่ {m.level}</span>
              <span className={`aff-pill${m.active ? ' aff-pill--on' : ''}`}>
                {m.active ? 'แอคทีฟ' : 'ไม่แอคทีฟ'}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {data && data.items.length > 0 && <p className="aff-legend">แอคทีฟ = มียอดฝากภายใน 30 วันที่ผ่านมา</p>}
      {data && (
        <Pager page={page} total={data.total} perPage={PER_PAGE} label="เปลี่ยนหน้ารายชื่อเพื่อน" onPage={setPage} />
      )}
    </section>
  );
}
