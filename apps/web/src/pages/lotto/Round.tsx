import type { ErrorCode } from '@chok/contract/errors';
import { roundIdOf } from '@chok/contract/layouts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { ErrorPage } from '../../components/ErrorPage';
import {
  type BillCreated,
  useBills,
  useRound,
  useRoundRates,
  useRoundResult,
  useRule,
  useYeekeeLists,
} from '../../features/lotto/api';
import { BetPad, type Line } from '../../features/lotto/BetPad';
import { BillCard } from '../../features/lotto/BillCard';
import { BillDetailDialog } from '../../features/lotto/BillDetailDialog';
import { BillDialog } from '../../features/lotto/BillDialog';
import { LottoNav } from '../../features/lotto/LottoNav';
import { betLabel, clockTime, ROUND_STATUS, roundDate, roundTime } from '../../features/lotto/labels';
import { ResultDigits } from '../../features/lotto/ResultDigits';
import { YeekeePanel } from '../../features/lotto/YeekeePanel';
import { YeekeeSeal } from '../../features/lotto/YeekeeSeal';
import { ApiError } from '../../lib/api';
import { countdown } from '../../lib/countdown';
import { formatBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { useServerNow } from '../../lib/server-clock';
import { useStream } from '../../lib/stream';
import { useLocalData } from '../../stores/local';
import './lotto.css';
import { formatNumber } from '../../lib/numbers';

function YeekeeStrip({ roundId }: { roundId: number }) {
  const { data } = useYeekeeLists(roundId);
  if (!data) return null;
  const near = data.rounds.filter((r) => r.status !== 'scheduled' || r.round_id === roundId);
  const i = Math.max(
    0,
    near.findIndex((r) => r.round_id === roundId),
  );
  return (
    <nav className="yeekee-strip" aria-label="รอบยี่กีวันนี้">
      {near.slice(Math.max(0, i - 3), i + 6).map((r) => (
        <Link
          key={r.round_id}
          to={`/lotto/${r.round_id}`}
          className={`yeekee-strip__item${r.round_id === roundId ? ' is-current' : ''}`}
        >
          <span>รอบ {r.round_no}</span>
          <strong>{r.result ? `${r.result.top3}-${r.result.bottom2}` : clockTime(r.close_at)}</strong>
        </Link>
      ))}
    </nav>
  );
}

const NOT_FOUND: ErrorCode = 'LOTTO_ROUND_NOT_FOUND';

export default function Round() {
  const params = useParams();
  const roundId = params.round_id === undefined ? null : roundIdOf(params.round_id);
  const qc = useQueryClient();
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const round = useRound(roundId);
  const rates = useRoundRates(roundId);
  const rule = useRule(roundId);
  const now = useServerNow();
  const r = round.data;
  const hasResult = r?.status === 'resulted' || r?.status === 'settled';
  const result = useRoundResult(roundId, hasResult);
  const bills = useBills({ round_id: roundId ?? undefined, per_page: 20 }, isLoggedIn && roundId !== null);
  const [lines, setLines] = useState<Line[]>([]);
  const [dialog, setDialog] = useState(false);
  const [ruleOpen, setRuleOpen] = useState(false);
  const ruleLoading = useMinimumPending(ruleOpen && !rule.data);
  const [bought, setBought] = useState<BillCreated | null>(null);
  const [detail, setDetail] = useState<number | null>(null);

  useStream(
    roundId && !r?.is_yeekee ? [`lotto_round:${roundId}`] : [],
    ['round', 'lotto_bill'],
    () => void qc.invalidateQueries({ queryKey: ['lotto'] }),
    roundId !== null && r !== undefined,
  );

  // No round named: the lobby lists them. A malformed or unknown one is the 404 page, in place
  // (docs/rules/member-site.md §8).
  if (params.round_id === undefined) return <Navigate to="/lotto/lobby" replace />;
  if (roundId === null || (round.error instanceof ApiError && round.error.code === NOT_FOUND)) {
    return <ErrorPage status={404} />;
  }
  const open = r?.status === 'open' && now < new Date(r.close_at).getTime();

  const add = (added: { bet_type: Line['bet_type']; number: string }[]) => {
    setBought(null);
    const keys = new Set(lines.map((l) => `${l.bet_type}:${l.number}`));
    const fresh = added
      .filter((a) => !keys.has(`${a.bet_type}:${a.number}`))
      .map((a) => ({ ...a, amount: '' }));
    setLines([...lines, ...fresh]);
  };

  return (
    <div className="container lotto-page">
      <LottoNav />
      {round.isError && (
        <p className="error-box" role="alert">
          {round.error.message}
        </p>
      )}
      {r && (
        <>
          <section className={`round-head${r.is_yeekee ? ' round-head--yeekee' : ''}`}>
            <div className="round-head__info">
              <h1 className="round-head__title">
                {r.market_name}
                {r.is_yeekee ? ` รอบที่ ${r.round_no}` : ''}
              </h1>
              <p className="round-head__meta">
                งวดวันที่ {roundDate(r.business_date)} · ปิดรับ {roundTime(r.close_at, now)} น.
                <button type="button" className="link round-head__rule" onClick={() => setRuleOpen(true)}>
                  กติกา
                </button>
              </p>
            </div>
            <div className="round-head__clock" aria-live="off">
              <span className={`status-pill status-pill--${open ? 'open' : r.status}`}>
                {open
                  ? ROUND_STATUS.open
                  : r.status === 'open'
                    ? ROUND_STATUS.closed
                    : ROUND_STATUS[r.status]}
              </span>
              {open && (
                <strong className="round-head__countdown" data-testid="round-countdown">
                  {countdown(r.close_at, now)}
                </strong>
              )}
            </div>
          </section>
          {r.is_yeekee && <YeekeeStrip roundId={r.round_id} />}
          {hasResult && result.data?.result && (
            <section className="panel round-result" aria-label="ผลรางวัล">
              <h2 className="panel__title">ผลรางวัล</h2>
              <ResultDigits result={result.data.result} />
            </section>
          )}
          <div className="round-grid">
            <div className="round-grid__main">
              {open && rates.data && (
                <>
                  <BetPad enabled={r.enabled_types} onAdd={add} />
                  <section className="panel picked" aria-label="เลขที่เลือก">
                    <header className="picked__head">
                      <h2 className="panel__title">เลขที่เลือก ({lines.length})</h2>
                      {lines.length > 0 && (
                        <button type="button" className="link" onClick={() => setLines([])}>
                          ล้างทั้งหมด
                        </button>
                      )}
                    </header>
                    {lines.length === 0 ? (
                      <p className="empty-text">กดตัวเลขหรือพิมพ์เลขเพื่อเพิ่มลงโพย</p>
                    ) : (
                      <ul className="picked__list" data-testid="picked-list">
                        {lines.map((l, i) => (
                          <li key={`${l.bet_type}:${l.number}`} className="picked__chip">
                            <small>{betLabel(l.bet_type)}</small>
                            <strong>{l.number}</strong>
                            <button
                              type="button"
                              aria-label={`ลบ ${l.number}`}
                              onClick={() => setLines(lines.filter((_, j) => j !== i))}
                            >
                              ×
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                    {isLoggedIn ? (
                      <button
                        type="button"
                        className="btn btn--primary btn--block btn--lg"
                        disabled={lines.length === 0}
                        onClick={() => setDialog(true)}
                      >
                        ใส่ราคา ({lines.length})
                      </button>
                    ) : (
                      <Link to="/login" className="btn btn--primary btn--block">
                        เข้าสู่ระบบเพื่อแทงหวย
                      </Link>
                    )}
                  </section>
                </>
              )}
              {!open && !hasResult && r.status !== 'cancelled' && (
                <section className="panel">
                  <p className="empty-text">
                    {r.status === 'scheduled'
                      ? `เปิดรับแทง ${roundTime(r.open_at, now)} น.`
                      : 'ปิดรับแทงแล้ว รอประกาศผล'}
                  </p>
                </section>
              )}
              {r.status === 'cancelled' && (
                <section className="panel">
                  <p className="empty-text">งวดนี้ถูกยกเลิก คืนเงินทุกโพยแล้ว</p>
                </section>
              )}
              {bought && (
                <section className="panel bought" role="status" data-testid="bill-bought">
                  <h2 className="panel__title">ส่งโพยเรียบร้อย</h2>
                  <p>
                    โพย #{bought.bill.bill_id} · {bought.items.length} รายการ · ยอดแทง{' '}
                    {formatBaht(bought.bill.total_amount)} บาท · คงเหลือ{' '}
                    <span data-testid="bill-bought-balance">{formatBaht(bought.balance)}</span> บาท
                  </p>
                  <Link to="/lotto/bills" className="link">
                    ดูโพยของฉัน
                  </Link>
                </section>
              )}
            </div>
            <aside className="round-grid__side">
              {r.is_yeekee && <YeekeePanel round={r} now={now} />}
              {r.is_yeekee && <YeekeeSeal round={r} />}
              {rates.data && (
                <section className="panel rate-panel" aria-label="อัตราจ่ายงวดนี้">
                  <h2 className="panel__title">อัตราจ่าย</h2>
                  {rates.data.special && <p className="rate-special">ราคาพิเศษเฉพาะงวดนี้</p>}
                  <ul className="rate-panel__list">
                    {rates.data.rates
                      .filter((x) => x.enabled)
                      .map((x) => (
                        <li key={x.bet_type}>
                          <span>{x.label}</span>
                          <strong>บาทละ {formatNumber(Number(x.rate))}</strong>
                        </li>
                      ))}
                  </ul>
                </section>
              )}
              {isLoggedIn && bills.data && bills.data.items.length > 0 && (
                <section className="panel" aria-label="โพยของฉันงวดนี้">
                  <h2 className="panel__title">โพยของฉันงวดนี้</h2>
                  <div className="bill-stack">
                    {bills.data.items.map((b) => (
                      <BillCard key={b.bill_id} bill={b} onOpen={setDetail} />
                    ))}
                  </div>
                </section>
              )}
            </aside>
          </div>
          {rates.data && (
            <BillDialog
              open={dialog}
              onClose={() => setDialog(false)}
              roundId={r.round_id}
              lines={lines}
              setLines={setLines}
              rates={rates.data.rates}
              onBought={(b) => {
                setBought(b);
                setLines([]);
                setDialog(false);
              }}
            />
          )}
          <Dialog
            open={ruleOpen}
            onClose={() => setRuleOpen(false)}
            width={560}
            title={`กติกา ${r.market_name}`}
          >
            <p className="rule-text">{ruleLoading ? 'กำลังโหลด…' : (rule.data?.rule_text ?? 'กำลังโหลด…')}</p>
          </Dialog>
          <BillDetailDialog billId={detail} onClose={() => setDetail(null)} />
        </>
      )}
    </div>
  );
}
