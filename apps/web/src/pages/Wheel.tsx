import { useId } from 'react';
import { type UnclaimedSpin, useWheelConfig } from '../features/wheel/api';
import { Board } from '../features/wheel/Board';
import { PointsPanel } from '../features/wheel/PointsPanel';
import { PrizeDialog } from '../features/wheel/PrizeDialog';
import { useWheelStore } from '../features/wheel/store';
import { useSpinner } from '../features/wheel/useSpinner';
import { WheelDisc } from '../features/wheel/WheelDisc';
import { formatDateTime } from '../lib/dates';
import { useMinimumPending } from '../lib/pending';
import '../features/wheel/wheel.css';
import './member.css';
import { LoadState } from '../components/LoadState';
import { formatNumber } from '../lib/numbers';

function Unclaimed({
  items,
  claiming,
  onClaim,
}: {
  items: UnclaimedSpin[];
  claiming: boolean;
  onClaim: (spinId: number) => void;
}) {
  if (items.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="wheel-unclaimed-title">
      <h2 id="wheel-unclaimed-title" className="panel__title">
        รางวัลที่รอรับ
      </h2>
      <ul className="wheel-history" data-testid="wheel-unclaimed">
        {items.map((s) => (
          <li key={s.spin_id} className="wheel-history__item">
            <span>{s.prize.label}</span>
            <span className="wheel-history__time">เติมอัตโนมัติ {formatDateTime(s.auto_credit_at)}</span>
            <button
              type="button"
              className="btn btn--outline btn--sm"
              disabled={claiming}
              onClick={() => onClaim(s.spin_id)}
            >
              {s.prize.kind === 'none' ? 'ตกลง' : 'รับรางวัล'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /member/wheel: the prize wheel (tab 1) and the points tab (tab 2), docs/rules/engagement.md §9. */
export default function Wheel() {
  const { data: config, isLoading, error } = useWheelConfig();
  const loading = useMinimumPending(isLoading);
  const tab = useWheelStore((s) => s.tab);
  const setTab = useWheelStore((s) => s.setTab);
  const spinner = useSpinner(config);
  const ids = { wheel: useId(), points: useId() };

  const free = config?.free_spins ?? 0;
  const setting = config?.setting;
  const spinLabel =
    free > 0
      ? 'หมุนฟรี'
      : setting && setting.extra_spins_left > 0
        ? `หมุนด้วย ${formatNumber(setting.points_per_spin)} แต้ม`
        : 'วันนี้หมุนครบแล้ว';

  return (
    <div className="container member-page wheel-page">
      <h1 className="page-title">หมุนกงล้อ</h1>
      <div className="wheel-tabs" role="tablist" aria-label="วงล้อและแต้ม">
        {(
          [
            [1, 'วงล้อรางวัล', ids.wheel],
            [2, 'แต้มของฉัน', ids.points],
          ] as const
        ).map(([n, label, id]) => (
          <button
            key={n}
            id={`${id}-tab`}
            type="button"
            role="tab"
            aria-selected={tab === n}
            aria-controls={`${id}-panel`}
            className={`wheel-tabs__tab${tab === n ? ' is-active' : ''}`}
            onClick={() => setTab(n)}
          >
            {label}
          </button>
        ))}
      </div>

      <LoadState loading={loading} error={error} text="กำลังโหลดวงล้อ…" />

      {!loading && config && setting && (
        <>
          <div
            id={`${ids.wheel}-panel`}
            role="tabpanel"
            aria-labelledby={`${ids.wheel}-tab`}
            hidden={tab !== 1}
            className="wheel-tab"
          >
            <section className="panel wheel-stage" aria-label="วงล้อ">
              <WheelDisc
                prizes={config.prizes}
                rotation={spinner.rotation}
                animate={spinner.turning}
                onStopped={spinner.stopped}
              />
              <p className="wheel-stage__free" data-testid="wheel-free-spins">
                สิทธิ์หมุนฟรีวันนี้ <strong>{free}</strong> ครั้ง
              </p>
              <button
                type="button"
                className="btn btn--primary btn--lg wheel-stage__spin"
                data-testid="wheel-spin"
                disabled={spinner.busy || (free === 0 && setting.extra_spins_left === 0)}
                onClick={() => void spinner.start('auto')}
              >
                {spinner.busy ? 'กำลังหมุน…' : spinLabel}
              </button>
              <p className="wheel-stage__points">
                แต้มคงเหลือ {formatNumber(setting.points)} แต้ม ·{' '}
                <button type="button" className="link-btn" onClick={() => setTab(2)}>
                  ใช้แต้มหมุนเพิ่ม
                </button>
              </p>
              <p className="sr-only" aria-live="polite">
                {spinner.result ? `ผลการหมุน: ${spinner.result.prize.label}` : ''}
              </p>
            </section>
            <Unclaimed
              items={config.unclaimed.filter((u) => u.spin_id !== spinner.result?.spin_id)}
              claiming={spinner.claiming}
              onClaim={(id) => void spinner.claim(id)}
            />
            <section className="panel wheel-prizes" aria-labelledby="wheel-prizes-title">
              <h2 id="wheel-prizes-title" className="panel__title">
                รางวัลบนวงล้อ
              </h2>
              <ul className="wheel-prizes__list">
                {config.prizes.map((p) => (
                  <li key={p.index}>{p.label}</li>
                ))}
              </ul>
            </section>
            <Board />
          </div>
          <div
            id={`${ids.points}-panel`}
            role="tabpanel"
            aria-labelledby={`${ids.points}-tab`}
            hidden={tab !== 2}
            className="wheel-tab"
          >
            {tab === 2 && (
              <PointsPanel
                config={config}
                busy={spinner.busy}
                onSpinWithPoints={() => {
                  setTab(1);
                  void spinner.start('points');
                }}
              />
            )}
          </div>
        </>
      )}

      <PrizeDialog
        result={spinner.result}
        claiming={spinner.claiming}
        onClaim={(id) => void spinner.claim(id)}
        onClose={spinner.closeResult}
      />
    </div>
  );
}
