import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pager } from '../../components/Pager';
import { useBills } from '../../features/lotto/api';
import { BillCard } from '../../features/lotto/BillCard';
import { BillDetailDialog } from '../../features/lotto/BillDetailDialog';
import { LottoNav } from '../../features/lotto/LottoNav';
import { BILL_STATUS } from '../../features/lotto/labels';
import { useMinimumPending } from '../../lib/pending';
import './lotto.css';

const STATUSES = ['pending', 'won', 'lost', 'cancelled', 'refunded'] as const;
type Status = (typeof STATUSES)[number];

export default function Bills() {
  const [params, setParams] = useSearchParams();
  const status = STATUSES.find((s) => s === params.get('status')) as Status | undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data: loaded, isLoading, isError, error } = useBills({ status, page, per_page: 12 });
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  const [detail, setDetail] = useState<number | null>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  const go = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  return (
    <div className="container lotto-page">
      <LottoNav />
      <h1 className="page-title">โพยหวยของฉัน</h1>
      <div className="chip-row" role="tablist" aria-label="สถานะโพย">
        {[undefined, ...STATUSES].map((s) => (
          <button
            key={s ?? 'all'}
            type="button"
            role="tab"
            aria-selected={status === s}
            className={`chip${status === s ? ' is-active' : ''}`}
            onClick={() => go({ status: s, page: undefined })}
          >
            {s ? BILL_STATUS[s] : 'ทั้งหมด'}
          </button>
        ))}
      </div>
      {loading && <p className="empty-text">กำลังโหลดโพย…</p>}
      {!loading && isError && <p className="error-box">{error.message}</p>}
      {data && data.items.length === 0 && (
        <section className="panel">
          <p className="empty-text">ยังไม่มีโพยในรายการนี้</p>
        </section>
      )}
      <div className="bill-grid" data-testid="bill-list">
        {data?.items.map((b) => (
          <BillCard key={b.bill_id} bill={b} onOpen={setDetail} />
        ))}
      </div>
      {data && pages > 1 && (
        <Pager
          className="lotto-pager"
          page={page}
          pages={pages}
          label="เลือกหน้า"
          onPage={(n) => go({ page: String(n) })}
        />
      )}
      <BillDetailDialog billId={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
