import { fairRng, serverSeedHash } from '@chok/engine/fair/stream';
import { dealHand, shuffleShoe } from '@chok/engine/games/baccarat';
import { type FishKind, shoot } from '@chok/engine/games/fishing';
import { playMatch } from '@chok/engine/games/football';
import { playSlotRound } from '@chok/engine/games/slot';
import { type FormEvent, useState } from 'react';
import { fetchFairRound, type FairRound as Round } from '../../features/games/api';
import { errorMessage } from '../../lib/api';
import { formatSatang, type Satang } from '../../lib/money';
import '../../features/games/fair.css';

interface Check {
  hashOk: boolean;
  recomputed: string;
  recorded: string;
  same: boolean;
}

/** Recomputes a round in the browser with the engine's own code (docs/rules/casino.md §6.8). */
function verify(r: Round): Check | null {
  if (!r.server_seed) return null;
  const rng = () => fairRng({ serverSeed: r.server_seed!, clientSeed: r.client_seed, nonce: r.nonce });
  const hashOk = serverSeedHash(r.server_seed) === r.server_seed_hash;
  const detail = r.detail as Record<string, unknown>;
  const outcome = (r.outcome ?? {}) as Record<string, unknown>;
  const money = (n: number) => `${formatSatang(n as Satang)} บาท`;
  let recomputed = '';
  let recorded = '';
  if (r.game_id === 'golden-elephant') {
    const round = playSlotRound(rng(), detail.bet as number, { buy: detail.buy === true });
    recomputed = `รางวัล ${money(round.win)}`;
    recorded = `รางวัล ${money(outcome.win as number)}`;
  } else if (r.game_id === 'fishing') {
    const shot = shoot(rng(), detail.fish as FishKind, detail.bet as number);
    recomputed = shot.captured ? `จับได้ ${money(shot.win)}` : 'ไม่โดน';
    recorded = outcome.captured ? `จับได้ ${money(outcome.win as number)}` : 'ไม่โดน';
  } else if (r.game_id.startsWith('baccarat')) {
    const shoe = shuffleShoe(rng());
    let at = outcome.first_card as number;
    const hand = dealHand(() => shoe[at++]!);
    recomputed = `ผู้เล่น ${hand.playerTotal} : เจ้ามือ ${hand.bankerTotal}`;
    recorded = `ผู้เล่น ${outcome.player_total} : เจ้ามือ ${outcome.banker_total}`;
  } else if (r.game_id === 'virtual-football') {
    const score = playMatch(rng(), outcome.lambda_home as number, outcome.lambda_away as number);
    recomputed = `${score.home} - ${score.away}`;
    recorded = `${outcome.home} - ${outcome.away}`;
  }
  return { hashOk, recomputed, recorded, same: recomputed === recorded };
}

/** /fair: the public verification page. */
export default function Fair() {
  const [id, setId] = useState('');
  const [round, setRound] = useState<Round | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [seed, setSeed] = useState('');

  async function lookUp(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setRound(null);
    try {
      setRound(await fetchFairRound(id));
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  const check = round ? verify(round) : null;
  let seedHash = '';
  try {
    seedHash = /^[0-9a-f]{64}$/.test(seed) ? serverSeedHash(seed) : '';
  } catch {
    seedHash = '';
  }

  return (
    <section className="container fair">
      <h1 className="fair__title">ตรวจสอบความยุติธรรม</h1>
      <p className="fair__lead">
        ทุกตาของเกม Chok Originals คำนวณจาก HMAC-SHA256(ค่าสุ่มของระบบ, "ค่าสุ่มของผู้เล่น:ลำดับตา:c")
        ระบบผูกค่าสุ่มของระบบชุดถัดไปไว้ล่วงหน้าและแสดงเพียงแฮช SHA-256 ของมัน เมื่อท่านตั้งค่าสุ่มของผู้เล่น ระบบจะใช้ชุดที่ผูกไว้แล้วนั้น
        จึงไม่อาจเลือกค่าสุ่มของระบบให้เข้ากับค่าสุ่มของท่านได้ เมื่อเปลี่ยนชุดค่าสุ่ม (หรือขอนไพ่/คู่ฟุตบอลจบ) ค่าสุ่มของระบบจะถูกเปิดเผย
        หน้านี้คำนวณผลซ้ำในเบราว์เซอร์ของท่านเอง
      </p>
      <form className="fair__form" onSubmit={lookUp}>
        <label className="field">
          <span className="field__label">หมายเลขรอบ</span>
          <input
            className="field__input"
            inputMode="numeric"
            value={id}
            onChange={(e) => setId(e.target.value.replace(/\D/g, ''))}
            required
          />
        </label>
        <button type="submit" className="btn btn--primary">
          ตรวจสอบ
        </button>
      </form>
      {error && <p className="fair__bad">{error}</p>}
      {round && (
        <div className="fair__card" data-testid="fair-result">
          <dl>
            <dt>เกม</dt>
            <dd>{round.game_name}</dd>
            <dt>แฮชค่าสุ่มของระบบ</dt>
            <dd className="fair__mono">{round.server_seed_hash}</dd>
            <dt>ค่าสุ่มของผู้เล่น / ลำดับตา</dt>
            <dd className="fair__mono">
              {round.client_seed} / {round.nonce}
            </dd>
            <dt>ค่าสุ่มของระบบ</dt>
            <dd className="fair__mono">{round.server_seed ?? 'ยังไม่เปิดเผย (เปลี่ยนชุดค่าสุ่มในเกมเพื่อเปิดเผย)'}</dd>
          </dl>
          {check && (
            <ul className="fair__checks">
              <li className={check.hashOk ? 'is-ok' : 'is-bad'}>
                {check.hashOk ? 'แฮชของค่าสุ่มตรงกับที่แสดงก่อนเล่น' : 'แฮชไม่ตรงกัน'}
              </li>
              <li className={check.same ? 'is-ok' : 'is-bad'}>
                ผลที่คำนวณได้: {check.recomputed} · ผลที่บันทึก: {check.recorded}
              </li>
            </ul>
          )}
        </div>
      )}
      <div className="fair__card">
        <h2>คำนวณแฮชของค่าสุ่มของระบบ</h2>
        <input
          className="field__input fair__mono"
          placeholder="ค่าสุ่มของระบบ 64 ตัวอักษร"
          value={seed}
          onChange={(e) => setSeed(e.target.value.trim().toLowerCase())}
        />
        {seedHash && <p className="fair__mono">SHA-256: {seedHash}</p>}
      </div>
    </section>
  );
}
