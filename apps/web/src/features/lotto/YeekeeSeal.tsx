import { sealVerified } from '@chok/engine/lotto/yeekee';
import { useMinimumPending } from '../../lib/pending';
import { type RoundInfo, useRoundResult } from './api';
import './yeekee-seal.css';
import { formatTime } from '../../lib/dates';
import { formatNumber } from '../../lib/numbers';

/**
 * The yeekee sealed close (docs/rules/lottery.md §9): the commitment published at open, and after
 * close the revealed offset and salt, checked in this browser with the engine's own SHA-256.
 */
export function YeekeeSeal({ round }: { round: RoundInfo }) {
  const over = round.status === 'resulted' || round.status === 'settled' || round.status === 'cancelled';
  const result = useRoundResult(round.round_id, over);
  const seal = over ? result.data?.yeekee?.seal : null;
  const found = seal && seal.offset_ms !== null && seal.salt !== null ? seal : null;
  const loading = useMinimumPending(Boolean(round.seal_commitment) && over && !found);
  if (!round.seal_commitment) return null;
  const revealed = loading ? null : found;
  const ok = revealed ? sealVerified(revealed) && revealed.commitment === round.seal_commitment : false;
  const realEnd =
    revealed && round.shoot_close_at
      ? new Date(new Date(round.shoot_close_at).getTime() - revealed.offset_ms!)
      : null;
  return (
    <section className="panel yeekee-seal" aria-label="ตรวจสอบเวลาปิดยิงเลข" data-testid="yeekee-seal">
      <h2 className="panel__title">ตรวจสอบเวลาปิดยิงเลข (ปิดแบบผนึกเวลา)</h2>
      <p className="yeekee-seal__lead">
        ตอนเปิดรอบ ระบบสุ่มระยะเวลาผนึก (0–30 วินาที) และรหัสสุ่มประกอบ แล้วเผยแพร่เฉพาะแฮช SHA-256(ระยะเวลา|รหัสสุ่ม)
        การยิงเลขปิดจริงก่อนเวลาที่แสดงเท่ากับระยะเวลาผนึก จึงไม่มีผู้ใดกะเวลายิงเลขสุดท้ายได้
        หลังปิดรอบระบบเปิดเผยทั้งสองค่าให้ตรวจสอบ
      </p>
      <dl className="yeekee-seal__list">
        <dt>ค่าแฮชที่เผยแพร่ตอนเปิดรอบ</dt>
        <dd className="yeekee-seal__mono" data-testid="seal-commitment">
          {round.seal_commitment}
        </dd>
        {revealed ? (
          <>
            <dt>ระยะเวลาผนึก</dt>
            <dd data-testid="seal-offset">
              {formatNumber(revealed.offset_ms!)} มิลลิวินาที
              {realEnd && ` (ปิดยิงจริงเวลา ${formatTime(realEnd, 'millis')} น.)`}
            </dd>
            <dt>รหัสสุ่มประกอบ</dt>
            <dd className="yeekee-seal__mono" data-testid="seal-salt">
              {revealed.salt}
            </dd>
          </>
        ) : (
          <>
            <dt>ระยะเวลาผนึกและรหัสสุ่มประกอบ</dt>
            <dd>{over ? 'กำลังโหลด…' : 'จะเปิดเผยหลังปิดรอบ'}</dd>
          </>
        )}
      </dl>
      {revealed && (
        <p
          className={`yeekee-seal__check ${ok ? 'is-verified' : 'is-mismatch'}`}
          role="status"
          data-testid="seal-check"
        >
          {ok
            ? '✓ ตรวจสอบแล้ว: SHA-256(d|salt) ที่คำนวณในเบราว์เซอร์นี้ตรงกับค่าแฮชที่เผยแพร่ตอนเปิดรอบ'
            : '✗ ไม่ตรงกัน: ค่าที่เปิดเผยไม่ตรงกับค่าแฮชที่เผยแพร่ตอนเปิดรอบ'}
        </p>
      )}
    </section>
  );
}
