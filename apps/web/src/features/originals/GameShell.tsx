import * as games from '@chok/contract/routes/games';
import { serverSeedHash } from '@chok/engine/fair/stream';
import { type ReactNode, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { formatDateTime } from '../../lib/dates';
import { formatBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { type GameSession, gameCall, type Rotation, type Round } from './api';

interface Props {
  session: GameSession;
  balance: string;
  sound: boolean;
  onSound: (on: boolean) => void;
  fair: GameSession['fair'];
  onFair: (f: GameSession['fair']) => void;
  children: ReactNode;
  className?: string;
}

function SoundIcon({ on }: { on: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" strokeLinejoin="round" />
      {on ? (
        <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" strokeLinecap="round" />
      ) : (
        <path d="m17 9 5 6m0-6-5 6" strokeLinecap="round" />
      )}
    </svg>
  );
}

type ShellState = Pick<Props, 'session' | 'sound' | 'onSound' | 'fair' | 'onFair'>;

/**
 * What the shell shows that the game itself changes, kept by the game: the sound (off until the
 * member turns it on; the game plays its tones only then) and the fairness seeds (a round's answer
 * moves the nonce on). `shell` goes to GameShell as it is.
 */
export function useGameShell(session: GameSession): {
  sound: boolean;
  setFair: (f: GameSession['fair']) => void;
  shell: ShellState;
} {
  const [sound, setSound] = useState(false);
  const [fair, setFair] = useState(session.fair);
  return { sound, setFair, shell: { session, sound, onSound: setSound, fair, onFair: setFair } };
}

/** The frame of every in-house game: balance, sound (off by default), history and fairness. */
export function GameShell({ session, balance, sound, onSound, fair, onFair, children, className }: Props) {
  const [panel, setPanel] = useState<'history' | 'fair' | null>(null);
  const [rounds, setRounds] = useState<Round[] | null>(null);
  const historyLoading = useMinimumPending(panel === 'history' && rounds === null);
  const [revealed, setRevealed] = useState<Rotation['revealed'] | null>(null);
  const [clientSeed, setClientSeed] = useState(fair?.client_seed ?? '');
  const [error, setError] = useState<string | null>(null);

  async function openHistory() {
    setPanel('history');
    setRounds(null);
    try {
      setRounds(await gameCall(games.originalsHistory, { session: session.session }));
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function rotateSeed() {
    try {
      const r = await gameCall(games.fairRotate, {
        session: session.session,
        client_seed: clientSeed || undefined,
      });
      setRevealed(r.revealed);
      onFair(r.next);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <div className={`ih ${className ?? ''}`}>
      <header className="ih-bar">
        <div className="ih-bar__balance" aria-live="polite">
          <span className="ih-bar__label">{session.demo ? 'เครดิตทดลอง' : session.wallet_name}</span>
          <span className="ih-bar__amount" data-testid="game-balance">
            {formatBaht(balance)}
          </span>
        </div>
        {session.demo && <span className="ih-bar__demo">โหมดทดลอง</span>}
        <div className="ih-bar__tools">
          <button
            type="button"
            className="ih-tool"
            onClick={() => onSound(!sound)}
            aria-pressed={sound}
            aria-label={sound ? 'ปิดเสียง' : 'เปิดเสียง'}
          >
            <SoundIcon on={sound} />
          </button>
          {!session.demo && (
            <>
              <button type="button" className="ih-tool" onClick={openHistory}>
                ประวัติ
              </button>
              <button type="button" className="ih-tool" onClick={() => setPanel('fair')}>
                ยุติธรรม
              </button>
            </>
          )}
        </div>
      </header>
      {error && (
        <div className="ih-error" role="alert">
          {error}
          <button type="button" className="ih-error__close" onClick={() => setError(null)} aria-label="ปิด">
            ×
          </button>
        </div>
      )}
      {children}
      <Dialog open={panel === 'history'} onClose={() => setPanel(null)} title="ประวัติการเล่น" width={480}>
        {historyLoading || !rounds ? (
          <p className="ih-muted">กำลังโหลด…</p>
        ) : rounds.length === 0 ? (
          <p className="ih-muted">ยังไม่มีประวัติการเล่น</p>
        ) : (
          <ul className="ih-history">
            {rounds.map((r) => (
              <li key={r.id}>
                <span>
                  #{r.id} {r.game_name}
                  <small>{formatDateTime(r.created_at)}</small>
                </span>
                <span className="ih-history__money">
                  <small>เดิมพัน {formatBaht(r.stake)}</small>
                  <b className={r.payout && r.payout !== '0.00' ? 'is-win' : ''}>
                    {r.payout === null ? 'รอผล' : `+${formatBaht(r.payout)}`}
                  </b>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
      <Dialog open={panel === 'fair'} onClose={() => setPanel(null)} title="ตรวจสอบความยุติธรรม" width={480}>
        <div className="ih-fair">
          <p className="ih-muted">
            ผลทุกตาคำนวณจาก HMAC-SHA256(ค่าสุ่มของระบบ, ค่าสุ่มของผู้เล่น:ลำดับตา) ระบบผูกค่าสุ่มของระบบชุดถัดไปไว้ล่วงหน้า
            และแสดงแฮชให้เห็นก่อน เมื่อท่านตั้งค่าสุ่มของผู้เล่นใหม่ ระบบจะใช้ชุดถัดไปนั้น (ซึ่งระบบไม่รู้ค่าสุ่มของท่านตอนผูกไว้)
            และเปิดเผยชุดเดิม
          </p>
          <dl>
            <dt>แฮชค่าสุ่มของระบบที่ใช้อยู่ (SHA-256)</dt>
            <dd className="ih-mono">{fair?.server_seed_hash}</dd>
            <dt>ค่าสุ่มของผู้เล่นที่ใช้อยู่ / ลำดับตาถัดไป</dt>
            <dd className="ih-mono">
              {fair?.client_seed} / {fair?.nonce}
            </dd>
            <dt>แฮชค่าสุ่มของระบบชุดถัดไป (SHA-256)</dt>
            <dd className="ih-mono" data-testid="fair-next-hash">
              {fair?.next_server_seed_hash}
            </dd>
          </dl>
          <label className="ih-field">
            <span>ค่าสุ่มของผู้เล่น</span>
            <input value={clientSeed} onChange={(e) => setClientSeed(e.target.value)} maxLength={64} />
          </label>
          <button type="button" className="btn btn--primary btn--block" onClick={rotateSeed}>
            ตั้งค่าสุ่มของผู้เล่น ใช้ชุดถัดไป และเปิดเผยชุดเดิม
          </button>
          {revealed && (
            <dl className="ih-revealed">
              <dt>ค่าสุ่มของระบบที่เปิดเผย</dt>
              <dd className="ih-mono">{revealed.server_seed}</dd>
              <dt>ใช้ไป</dt>
              <dd>{revealed.nonce} ตา</dd>
              <dt>ตรวจแฮช</dt>
              <dd data-testid="fair-revealed-check">
                {serverSeedHash(revealed.server_seed) === revealed.server_seed_hash
                  ? '✓ SHA-256 ของ seed ที่เปิดเผยตรงกับแฮชที่แสดงไว้ก่อนเล่น'
                  : '✗ แฮชไม่ตรงกัน'}
              </dd>
            </dl>
          )}
          <a className="link" href="/fair" target="_blank" rel="noopener">
            เปิดหน้าตรวจสอบผลย้อนหลัง
          </a>
        </div>
      </Dialog>
    </div>
  );
}
