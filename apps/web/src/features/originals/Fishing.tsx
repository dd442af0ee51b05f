import * as games from '@chok/contract/routes/games';
import { useEffect, useRef, useState } from 'react';
import { formatBaht } from '../../lib/money';
import { type GameSession, gameCall } from './api';
import { GameShell, useGameShell } from './GameShell';
import { tone } from './sound';

const BETS = ['1.00', '2.00', '5.00', '10.00', '20.00', '50.00'];
const FISH = [
  { kind: 'small_fish', name: 'ปลาเล็ก', m: 2, color: '#7fd3ff', size: 42 },
  { kind: 'clownfish', name: 'ปลาการ์ตูน', m: 3, color: '#ff9a3d', size: 48 },
  { kind: 'puffer', name: 'ปลาปักเป้า', m: 5, color: '#f2e35b', size: 54 },
  { kind: 'turtle', name: 'เต่าทะเล', m: 10, color: '#4fd18b', size: 64 },
  { kind: 'shark', name: 'ฉลาม', m: 30, color: '#9fb2c8', size: 86 },
  { kind: 'whale', name: 'วาฬ', m: 100, color: '#5b7cff', size: 110 },
  { kind: 'golden_dragon', name: 'มังกรทอง', m: 300, color: '#ffd05b', size: 120 },
] as const;
type Fish = (typeof FISH)[number];

function FishArt({ f }: { f: Fish }) {
  return (
    <svg viewBox="0 0 120 60" width={f.size} height={f.size / 2} aria-hidden="true">
      <path d="M6 30 C30 0 80 0 100 30 C80 60 30 60 6 30 Z" fill={f.color} />
      <path d="M96 30 L118 10 L112 30 L118 50 Z" fill={f.color} opacity="0.85" />
      <circle cx="28" cy="26" r="5" fill="#fff" />
      <circle cx="27" cy="26" r="2.6" fill="#10233a" />
      {f.m >= 30 && <path d="M50 8 L60 -4 L66 10 Z" fill={f.color} />}
    </svg>
  );
}

interface Swimmer {
  id: number;
  fish: Fish;
  top: number;
  duration: number;
  delay: number;
  reverse: boolean;
}

let seq = 0;
const school = (): Swimmer[] =>
  FISH.flatMap((fish, i) =>
    Array.from({ length: fish.m >= 100 ? 1 : fish.m >= 10 ? 2 : 3 }, (_, k) => ({
      id: ++seq,
      fish,
      top: 8 + ((i * 13 + k * 29) % 72),
      duration: 9 + ((i * 3 + k * 5) % 9),
      delay: -((i * 2.3 + k * 3.7) % 9),
      reverse: (i + k) % 2 === 1,
    })),
  );

/** ยิงปลา: tap a fish to fire one shot at it; capture P = 0.96/m, pay bet × m (docs/rules/casino.md §5.3). */
export function Fishing({ session }: { session: GameSession }) {
  const [balance, setBalance] = useState(session.balance);
  const { sound, setFair, shell } = useGameShell(session);
  const [bet, setBet] = useState(3);
  const [fish] = useState(school);
  const [pops, setPops] = useState<{ id: number; x: number; y: number; text: string; win: boolean }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const sea = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (pops.length === 0) return;
    const t = setTimeout(() => setPops((p) => p.slice(1)), 900);
    return () => clearTimeout(t);
  }, [pops]);

  async function shoot(f: Fish, e: React.MouseEvent) {
    const box = sea.current?.getBoundingClientRect();
    const x = e.clientX - (box?.left ?? 0);
    const y = e.clientY - (box?.top ?? 0);
    try {
      const r = await gameCall(games.fishShoot, {
        session: session.session,
        bet: BETS[bet]!,
        fish: f.kind,
      });
      setBalance(r.balance);
      if (r.fair) setFair(r.fair);
      setError(null);
      if (sound) tone(r.captured ? 1040 : 220, r.captured ? 160 : 60, r.captured ? 'triangle' : 'square');
      setPops((p) => [
        ...p,
        { id: ++seq, x, y, text: r.captured ? `+${formatBaht(r.win)}` : 'พลาด', win: r.captured },
      ]);
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <GameShell {...shell} balance={balance} className="ih--fishing">
      <div className="sea" ref={sea}>
        <div className="sea__rays" />
        {fish.map((s) => (
          <button
            key={s.id}
            type="button"
            className={`swimmer${s.reverse ? ' swimmer--rev' : ''}`}
            style={{ top: `${s.top}%`, animationDuration: `${s.duration}s`, animationDelay: `${s.delay}s` }}
            onClick={(e) => shoot(s.fish, e)}
            aria-label={`ยิง${s.fish.name} x${s.fish.m}`}
          >
            <FishArt f={s.fish} />
            <span className="swimmer__m">x{s.fish.m}</span>
          </button>
        ))}
        {pops.map((p) => (
          <span key={p.id} className={`pop${p.win ? ' pop--win' : ''}`} style={{ left: p.x, top: p.y }}>
            {p.text}
          </span>
        ))}
        <div className="cannon" aria-hidden="true" />
      </div>
      <div className="fish-bar">
        {error && <span className="slot__error">{error}</span>}
        <fieldset className="slot__bet ih-fieldset">
          <legend className="sr-only">ราคาต่อนัด</legend>
          <button
            type="button"
            className="slot__step"
            onClick={() => setBet((b) => Math.max(0, b - 1))}
            aria-label="ลดราคาต่อนัด"
          >
            −
          </button>
          <div className="slot__bet-value">
            <small>ต่อนัด</small>
            <b>{formatBaht(BETS[bet]!)}</b>
          </div>
          <button
            type="button"
            className="slot__step"
            onClick={() => setBet((b) => Math.min(BETS.length - 1, b + 1))}
            aria-label="เพิ่มราคาต่อนัด"
          >
            +
          </button>
        </fieldset>
        <p className="ih-muted fish-bar__hint">แตะปลาเพื่อยิง · ทุกตัวคืนผู้เล่น 96%</p>
      </div>
    </GameShell>
  );
}
