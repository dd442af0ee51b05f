import { useState } from 'react';
import { LoadState } from '../components/LoadState';
import { useCashbackStatus, useLossHistory, useWinloss } from '../features/cashback/api';
import { ClaimCard } from '../features/cashback/ClaimCard';
import { PayoutList } from '../features/cashback/PayoutList';
import { WinlossTable } from '../features/cashback/WinlossTable';
import { useMinimumPending } from '../lib/pending';
import './member.css';
import './cashback.css';

/**
 * `/member/winloss` (คืนยอดได้เสีย): the lotto loss refund — yesterday's lost bills to claim
 * (docs/rules/engagement.md §3 rule 5), the lotto result of each recent day and the refund history.
 */
export default function MemberWinloss() {
  const [page, setPage] = useState(1);
  const { data: loaded, isLoading, error } = useCashbackStatus();
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  const winloss = useWinloss(30);
  const winlossLoading = useMinimumPending(winloss.isLoading);
  const winlossData = winlossLoading ? undefined : winloss.data;
  const history = useLossHistory('lotto', page);
  const lottoDays = (winlossData?.days ?? [])
    .map((d) => {
      const lotto = d.lines.find((l) => l.category === 'lotto');
      return lotto
        ? { ...d, stake: lotto.stake, payout: lotto.payout, net: lotto.net, lines: [lotto] }
        : null;
    })
    .filter((d) => d !== null);
  return (
    <div className="container member-page cb-page">
      <h1 className="page-title">คืนยอดได้เสีย</h1>
      <LoadState loading={loading} error={error} text="กำลังโหลดยอดของเมื่อวาน…" alert />
      {data && <ClaimCard cashback={data.lotto} closesAt={data.window.closes_at} title="คืนยอดเสียหวย" />}
      <section className="panel" aria-labelledby="mw-days">
        <h2 className="panel__title" id="mw-days">
          ยอดหวยรายวัน (30 วันล่าสุด)
        </h2>
        {winlossLoading && <p className="empty-text">กำลังโหลด…</p>}
        {winlossData && lottoDays.length === 0 && <p className="empty-text">ไม่มีโพยที่ออกผลแล้วในช่วงนี้</p>}
        {lottoDays.length > 0 && <WinlossTable days={lottoDays} caption="ยอดหวยรายวัน" />}
      </section>
      <PayoutList
        title="ประวัติการรับคืนยอดเสียหวย"
        data={history.data}
        isLoading={history.isLoading}
        empty="ยังไม่มีประวัติการรับคืนยอดเสียหวย"
        onPage={setPage}
        baseLabel="ยอดเสีย"
      />
    </div>
  );
}
