import { Link } from 'react-router';
import { FormAlert } from '../../components/AuthCard';
import { useMyPromotions } from '../../features/promotions/api';
import { PromotionHistory } from '../../features/promotions/PromotionHistory';
import { RunningPromotion } from '../../features/promotions/RunningPromotion';
import { useMinimumPending } from '../../lib/pending';
import '../member.css';
import './promotions.css';

/** `/member/promotions`: the running promotion's turnover, bonus wallet, expiry and cancel; the history. */
export default function MemberPromotions() {
  const { data: loaded, isLoading, isError, error } = useMyPromotions();
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  return (
    <div className="container member-page promotions-page">
      <div className="promotions-page__head">
        <h1 className="page-title">โปรโมชั่นของฉัน</h1>
        <Link to="/promotions" className="btn btn--outline btn--sm">
          ดูโปรโมชั่นทั้งหมด
        </Link>
      </div>
      {loading && <p className="empty-text">กำลังโหลด…</p>}
      {!loading && isError && <FormAlert message={error.message} />}
      {data && (
        <div className="page-grid page-grid--top">
          {data.active ? (
            <RunningPromotion promotion={data.active} />
          ) : (
            <section className="panel promo-empty" aria-labelledby="promo-empty-title">
              <h2 id="promo-empty-title" className="panel__title">
                ยังไม่มีโปรโมชั่นที่กำลังใช้งาน
              </h2>
              <p className="empty-text">เลือกโปรโมชั่นก่อนฝากเงิน เพื่อรับโบนัสเข้ากระเป๋าโบนัส</p>
              <Link to="/promotions" className="btn btn--primary btn--block">
                เลือกโปรโมชั่น
              </Link>
            </section>
          )}
          <PromotionHistory items={data.history} />
        </div>
      )}
    </div>
  );
}
