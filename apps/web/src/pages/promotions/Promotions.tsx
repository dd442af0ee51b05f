import { Link } from 'react-router';
import { FormAlert } from '../../components/AuthCard';
import { useMyPromotions, usePromotionList } from '../../features/promotions/api';
import { PromotionCard } from '../../features/promotions/PromotionCard';
import { formatBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { useLocalData } from '../../stores/local';
import '../member.css';
import './promotions.css';

/** `/promotions`: every promotion with its rules, which the member may take, and the pick for the next deposit. */
export default function Promotions() {
  const { data: loaded, isLoading, isError, error } = usePromotionList();
  const loading = useMinimumPending(isLoading);
  const data = loading ? undefined : loaded;
  const { data: mine } = useMyPromotions();
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const running = mine?.active;
  return (
    <div className="container member-page promotions-page">
      <div className="promotions-page__head">
        <h1 className="page-title">โปรโมชั่น</h1>
        {isLoggedIn ? (
          <Link to="/member/promotions" className="btn btn--outline btn--sm">
            โปรโมชั่นของฉัน
          </Link>
        ) : (
          <Link to="/login" className="btn btn--outline btn--sm">
            เข้าสู่ระบบเพื่อรับโปร
          </Link>
        )}
      </div>
      {running && (
        <Link to="/member/promotions" className="promo-banner" data-testid="running-banner">
          <span>
            กำลังใช้ “{running.title}” ทำเทิร์นแล้ว {formatBaht(running.turnover)} /{' '}
            {formatBaht(running.required_turnover)} ฿
          </span>
          <span className="promo-banner__more">ดูความคืบหน้า</span>
        </Link>
      )}
      <p className="promotions-page__intro">
        เลือกโปรโมชั่นก่อนฝากเงิน ระบบจะตรวจเงื่อนไขอีกครั้งเมื่อยืนยันยอดฝาก รับได้ครั้งละ 1 โปรโมชั่น
      </p>
      {loading && <p className="empty-text">กำลังโหลดโปรโมชั่น…</p>}
      {!loading && isError && <FormAlert message={error.message} />}
      {data && data.length === 0 && <p className="empty-text">ยังไม่มีโปรโมชั่นในขณะนี้</p>}
      {data && data.length > 0 && (
        <div className="promo-list">
          {data.map((p) => (
            <PromotionCard key={p.id} promotion={p} />
          ))}
        </div>
      )}
    </div>
  );
}
