import { formatDateTime } from '../../lib/dates';
import { formatNumber } from '../../lib/numbers';
import { useMinimumPending } from '../../lib/pending';
import { usePointSpins, type WheelConfig } from './api';

interface Props {
  config: WheelConfig;
  busy: boolean;
  onSpinWithPoints: () => void;
}

const points = (n: number) => formatNumber(n);

/** Tab 2: the point balance, what a spin costs, today's paid spins left and the spins bought with points. */
export function PointsPanel({ config, busy, onSpinWithPoints }: Props) {
  const { setting } = config;
  const history = usePointSpins(true);
  const loading = useMinimumPending(history.isLoading);
  const items = loading ? undefined : history.data?.items;
  const canSpin = setting.extra_spins_left > 0 && setting.points >= setting.points_per_spin;
  return (
    <div className="wheel-points">
      <section className="panel wheel-points__balance" aria-labelledby="wheel-points-title">
        <h2 id="wheel-points-title" className="panel__title">
          แต้มสะสมของฉัน
        </h2>
        <p className="wheel-points__value" data-testid="wheel-points">
          {points(setting.points)} <span>แต้ม</span>
        </p>
        <p className="wheel-points__rule">
          หมุนเพิ่มครั้งละ {points(setting.points_per_spin)} แต้ม · วันนี้หมุนด้วยแต้มได้อีก {setting.extra_spins_left} ครั้ง
          (สูงสุด {setting.extra_spins_per_day} ครั้งต่อวัน)
        </p>
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={busy || !canSpin}
          onClick={onSpinWithPoints}
        >
          หมุนด้วย {points(setting.points_per_spin)} แต้ม
        </button>
        {!canSpin && (
          <p className="wheel-points__hint">
            {setting.extra_spins_left === 0
              ? 'วันนี้หมุนด้วยแต้มครบแล้ว กลับมาใหม่พรุ่งนี้'
              : 'แต้มยังไม่พอ สะสมแต้มได้จากการเล่นเกมและซื้อหวย ทุก 100 บาทได้ 1 แต้ม'}
          </p>
        )}
      </section>
      <section className="panel" aria-labelledby="wheel-point-spins-title">
        <h2 id="wheel-point-spins-title" className="panel__title">
          การหมุนด้วยแต้ม
        </h2>
        {loading && <p className="empty-text">กำลังโหลด…</p>}
        {items && items.length === 0 && <p className="empty-text">ยังไม่เคยใช้แต้มหมุนวงล้อ</p>}
        {items && items.length > 0 && (
          <ul className="wheel-history" data-testid="wheel-point-spins">
            {items.map((s) => (
              <li key={s.spin_id} className="wheel-history__item">
                <span>{s.prize.label}</span>
                <span className="wheel-history__cost">−{points(s.points_spent)} แต้ม</span>
                <time className="wheel-history__time" dateTime={s.created_at}>
                  {formatDateTime(s.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
