import * as games from '@chok/contract/routes/games';
import { LINES } from '@chok/engine/games/slot';
import { useState } from 'react';
import { formatBaht, formatSatang, parseBaht, type Satang } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { type GameSession, gameCall, type SpinResult } from './api';
import { GameShell, useGameShell } from './GameShell';
import { SYMBOL_ART, SYMBOL_NAMES } from './Symbols';
import { tone, wait } from './sound';

const BETS = ['1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00', '200.00', '500.00'];
const START: string[][] = [
  ['H1', 'M1', 'L1'],
  ['W', 'H2', 'L2'],
  ['H1', 'S', 'M2'],
  ['H3', 'L3', 'H1'],
  ['M1', 'L1', 'H2'],
];
type Spin = NonNullable<SpinResult['base']>;
const POSITIONS = ['top', 'middle', 'bottom'] as const;

/** ช้างทอง: 5×3, 20 lines, free spins at ×2 (docs/rules/casino.md §5.1). */
export function Slot({ session }: { session: GameSession }) {
  const [balance, setBalance] = useState(session.balance);
  const { sound, setFair, shell } = useGameShell(session);
  const [bet, setBet] = useState(2);
  const [reels, setReels] = useState<string[][]>(START);
  const [spinning, setSpinning] = useState(false);
  const spinPending = useMinimumPending(spinning);
  const [shown, setShown] = useState<Spin | null>(null);
  const [free, setFree] = useState<{ at: number; of: number; total: string } | null>(null);
  const [lastWin, setLastWin] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const freeSpin = session.game.categories.includes('freespin');
  const buyCost = formatSatang(((parseBaht(BETS[bet]!) * 1751) / 100) as Satang);

  async function play(buy: boolean) {
    if (spinning) return;
    setSpinning(true);
    setError(null);
    setLastWin(null);
    setFree(null);
    setShown(null);
    // The stake leaves the balance at once; the win lands after the reels stop.
    const cost = buy ? (parseBaht(BETS[bet]!) * 1751) / 100 : parseBaht(BETS[bet]!);
    const before = parseBaht(balance);
    if (before >= cost) setBalance(((before - cost) / 100).toFixed(2));
    try {
      const r = await gameCall(games.slotSpinCall, {
        session: session.session,
        bet: BETS[bet]!,
        buy,
      });
      await wait(550);
      if (r.base) {
        setReels(r.base.reels);
        setShown(r.base);
      }
      if (sound) tone(r.base && r.base.win !== '0.00' ? 880 : 330);
      if (r.free_spins.length > 0) {
        await wait(r.base ? 900 : 200);
        let total = 0;
        for (let i = 0; i < r.free_spins.length; i++) {
          const f = r.free_spins[i]!;
          total += parseBaht(f.win);
          setReels(f.reels);
          setShown(f);
          setFree({ at: i + 1, of: r.free_spins.length, total: (total / 100).toFixed(2) });
          if (sound && f.win !== '0.00') tone(990, 90, 'triangle');
          await wait(650);
        }
      }
      setBalance(r.balance);
      setLastWin(r.win);
      if (r.fair) setFair(r.fair);
    } catch (e) {
      setBalance(balance);
      setError((e as Error).message);
    } finally {
      setSpinning(false);
    }
  }

  const winning = new Set(shown?.line_wins.map((l) => l.line) ?? []);
  // Cells on a paying line, as "reel:row" (a line pays from reel 1 for `count` reels).
  const lit = new Set(
    (shown?.line_wins ?? []).flatMap((l) =>
      LINES[l.line - 1]!.slice(0, l.count).map((row, reel) => `${reel}:${row}`),
    ),
  );
  return (
    <GameShell {...shell} balance={balance} className="ih--slot">
      <div className="slot">
        <div className="slot__title">
          <span className="slot__logo">ช้างทอง</span>
          <span className="slot__sub">ช้างทองคำ · 20 ไลน์</span>
        </div>
        <div className={`slot__reels${spinPending && !shown ? ' is-spinning' : ''}`} data-testid="slot-reels">
          {reels.map((reel, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reels are positions; the key changes with the symbols to replay the drop
            <div className="slot__reel" key={`${r}-${reel.join('')}`}>
              {POSITIONS.map((pos, row) => {
                const sym = reel[row]!;
                return (
                  <div
                    key={pos}
                    className={`slot__cell slot__cell--${sym}${lit.has(`${r}:${row}`) ? ' is-win' : ''}`}
                    title={SYMBOL_NAMES[sym]}
                  >
                    {SYMBOL_ART[sym]}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <div className="slot__status" aria-live="polite">
          {error ? (
            <span className="slot__error">{error}</span>
          ) : free ? (
            <span className="slot__free">
              ฟรีสปิน {free.at}/{free.of} · รางวัล x2 · รวม {formatBaht(free.total)}
            </span>
          ) : lastWin && lastWin !== '0.00' ? (
            <span className="slot__win" data-testid="slot-win">
              ชนะ {formatBaht(lastWin)} บาท
            </span>
          ) : lastWin ? (
            <span className="slot__lose">ลองอีกครั้ง</span>
          ) : (
            <span className="slot__hint">
              {winning.size > 0 ? `ชนะ ${winning.size} ไลน์` : 'กดหมุนเพื่อเริ่มเล่น'}
            </span>
          )}
        </div>
        <div className="slot__controls">
          <fieldset className="slot__bet ih-fieldset">
            <legend className="sr-only">เดิมพัน</legend>
            <button
              type="button"
              className="slot__step"
              onClick={() => setBet((b) => Math.max(0, b - 1))}
              disabled={spinPending || bet === 0}
              aria-label="ลดเดิมพัน"
            >
              −
            </button>
            <div className="slot__bet-value">
              <small>เดิมพัน</small>
              <b data-testid="slot-bet">{formatBaht(BETS[bet]!)}</b>
            </div>
            <button
              type="button"
              className="slot__step"
              onClick={() => setBet((b) => Math.min(BETS.length - 1, b + 1))}
              disabled={spinPending || bet === BETS.length - 1}
              aria-label="เพิ่มเดิมพัน"
            >
              +
            </button>
          </fieldset>
          <button type="button" className="slot__spin" onClick={() => play(false)} disabled={spinPending}>
            {spinPending ? '…' : 'หมุน'}
          </button>
          {freeSpin && (
            <button type="button" className="slot__buy" onClick={() => play(true)} disabled={spinPending}>
              ซื้อฟรีสปิน
              <small>{buyCost} บาท</small>
            </button>
          )}
        </div>
      </div>
    </GameShell>
  );
}
