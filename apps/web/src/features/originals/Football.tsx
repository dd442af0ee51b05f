import * as games from '@chok/contract/routes/games';
import { useCallback, useEffect, useState } from 'react';
import { formatTime } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import { syncServerClock, useServerNow } from '../../lib/server-clock';
import { type FootballBoard, type GameSession, gameCall } from './api';
import { GameShell, useGameShell } from './GameShell';
import { tone } from './sound';

const LABELS: Record<string, string> = {
  home: 'เจ้าบ้าน',
  draw: 'เสมอ',
  away: 'ทีมเยือน',
  over: 'สูง 2.5',
  under: 'ต่ำ 2.5',
};
const SELECTIONS = ['home', 'draw', 'away', 'over', 'under'] as const;
const AMOUNTS = ['10.00', '50.00', '100.00', '500.00', '1000.00'];
type Fixture = FootballBoard['open'][number];

function clock(ms: number) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Virtual football: 8 fixtures every 3 minutes, singles on 1X2 and over/under 2.5 (docs/rules/casino.md §5.4). */
export function Football({ session }: { session: GameSession }) {
  const [board, setBoard] = useState<FootballBoard | null>(null);
  const { sound, shell } = useGameShell(session);
  const [slip, setSlip] = useState<{ fixture: Fixture; selection: (typeof SELECTIONS)[number] } | null>(null);
  const [amount, setAmount] = useState(AMOUNTS[1]!);
  const serverNow = useServerNow(500);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);

  const load = useCallback(async () => {
    try {
      const b = await gameCall(games.footballBoard, { session: session.session });
      syncServerClock(b.server_time);
      setBoard(b);
    } catch (e) {
      setMessage({ text: (e as Error).message, ok: false });
    }
  }, [session.session]);

  useEffect(() => {
    void load();
    const poll = setInterval(load, 5000);
    return () => clearInterval(poll);
  }, [load]);

  async function place() {
    if (!slip) return;
    try {
      await gameCall(games.footballBet, {
        session: session.session,
        fixture_id: slip.fixture.id,
        selection: slip.selection,
        amount,
      });
      if (sound) tone(700, 90);
      setMessage({ text: `รับเดิมพัน ${LABELS[slip.selection]} ${formatBaht(amount)} บาทแล้ว`, ok: true });
      setSlip(null);
      await load();
    } catch (e) {
      setMessage({ text: (e as Error).message, ok: false });
    }
  }

  const kickoffs = [...new Set(board?.open.map((f) => f.kickoff_at) ?? [])];
  const byId = new Map([...(board?.open ?? []), ...(board?.results ?? [])].map((f) => [f.id, f]));

  return (
    <GameShell {...shell} balance={board?.balance ?? session.balance} className="ih--football">
      <div className="fb">
        {message && <p className={message.ok ? 'fb__ok' : 'slot__error'}>{message.text}</p>}
        {kickoffs.map((k) => {
          const closes = new Date(k).getTime() - 10_000;
          return (
            <section key={k} className="fb__slot">
              <h3 className="fb__slot-title">
                เริ่ม {formatTime(k)}
                <span className="fb__countdown">ปิดรับใน {clock(closes - serverNow)}</span>
              </h3>
              {board?.open
                .filter((f) => f.kickoff_at === k)
                .map((f) => (
                  <div key={f.id} className="fb__fixture">
                    <div className="fb__teams">
                      <span>{f.home.name}</span>
                      <small>vs</small>
                      <span>{f.away.name}</span>
                    </div>
                    <div className="fb__odds">
                      {SELECTIONS.map((s) => (
                        <button
                          key={s}
                          type="button"
                          className={`fb__odd${slip?.fixture.id === f.id && slip.selection === s ? ' is-active' : ''}`}
                          onClick={() => setSlip({ fixture: f, selection: s })}
                        >
                          <small>{LABELS[s]}</small>
                          <b>{f.odds[s]}</b>
                        </button>
                      ))}
                    </div>
                  </div>
                ))}
            </section>
          );
        })}
        {slip && (
          <section className="fb__slip" aria-label="ใบเดิมพัน">
            <p>
              {slip.fixture.home.name} vs {slip.fixture.away.name} · <b>{LABELS[slip.selection]}</b> @{' '}
              {slip.fixture.odds[slip.selection]}
            </p>
            <div className="fb__amounts">
              {AMOUNTS.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`chip${amount === a ? ' is-active' : ''}`}
                  onClick={() => setAmount(a)}
                >
                  {formatBaht(a)}
                </button>
              ))}
            </div>
            <button type="button" className="btn btn--primary btn--block" onClick={place}>
              ยืนยันเดิมพัน
            </button>
          </section>
        )}
        <section className="fb__results">
          <h3>ผลการแข่งขันล่าสุด</h3>
          {board?.results.map((f) => (
            <div key={f.id} className="fb__result">
              <span>{f.home.name}</span>
              <b>
                {f.score?.home} - {f.score?.away}
              </b>
              <span>{f.away.name}</span>
            </div>
          ))}
        </section>
        {board && board.my_bets.length > 0 && (
          <section className="fb__results">
            <h3>เดิมพันของฉัน</h3>
            {board.my_bets.map((b) => {
              const f = byId.get(b.fixture_id);
              return (
                <div key={b.round_id} className="fb__result">
                  <span>{f ? `${f.home.name} vs ${f.away.name}` : `#${b.fixture_id}`}</span>
                  <span>
                    {LABELS[b.selection]} @ {b.odds}
                  </span>
                  <b>
                    {b.payout === null
                      ? `รอผล · ${formatBaht(b.stake)}`
                      : b.payout === '0.00'
                        ? 'ไม่ได้รางวัล'
                        : `+${formatBaht(b.payout)}`}
                  </b>
                </div>
              );
            })}
          </section>
        )}
      </div>
    </GameShell>
  );
}
