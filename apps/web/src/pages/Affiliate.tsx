import { useAffiliateConfigs, useAffiliateSummary } from '../features/affiliate/api';
import { BalanceCard } from '../features/affiliate/BalanceCard';
import { HistoryPanel } from '../features/affiliate/HistoryPanel';
import { NetworkList } from '../features/affiliate/NetworkList';
import { ReferralCard } from '../features/affiliate/ReferralCard';
import '../features/affiliate/affiliate.css';
import './member.css';

/** แนะนำเพื่อน (docs/rules/engagement.md §11): the link, the balance and redeem, the network and history. */
export default function Affiliate() {
  const configs = useAffiliateConfigs();
  const summary = useAffiliateSummary();
  const error = configs.error ?? summary.error;

  return (
    <div className="container member-page aff-page">
      <h1 className="page-title">แนะนำเพื่อน</h1>
      <p className="aff-intro">ชวนเพื่อนมาสมัครด้วยลิงก์ของคุณ รับค่าแนะนำจากยอดเสียของเพื่อนทุกวัน ถอนเข้ากระเป๋าหลักได้ทันที</p>
      {error && <p className="empty-text">{error.message}</p>}
      <div className="page-grid aff-grid">
        {configs.data ? <ReferralCard configs={configs.data} /> : <section className="panel aff-skeleton" />}
        {summary.data ? (
          <BalanceCard summary={summary.data} configs={configs.data} />
        ) : (
          <section className="panel aff-skeleton" />
        )}
        <NetworkList />
        <HistoryPanel />
      </div>
    </div>
  );
}
