import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../components/AuthCard';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Field } from '../components/Field';
import { logout } from '../features/auth/api';
import {
  type ProtectionLimit,
  type ProtectionState,
  selfExclude,
  setLimit,
  setRealityCheck,
  takeTimeout,
  useProtection,
  useProtectionHistory,
  useProtectionUpdate,
} from '../features/protection/api';
import { toastError, useAction } from '../lib/action';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/dates';
import { formatBaht } from '../lib/money';
import { useMinimumPending } from '../lib/pending';
import { toast } from '../lib/toast';
import './member.css';
import './protection.css';

const PERIOD: Record<ProtectionLimit['period'], string> = { day: 'ต่อวัน', week: 'ต่อสัปดาห์', month: 'ต่อเดือน' };
const KIND_TITLE = { deposit: 'วงเงินฝากสูงสุด', loss: 'วงเงินเสียสูงสุด' } as const;
const KIND_HINT = {
  deposit: 'นับยอดฝากที่สำเร็จและรายการฝากที่รอชำระในช่วงเวลานั้น',
  loss: 'นับยอดเดิมพันหักยอดที่ได้คืน (รางวัลและเงินคืน) ในช่วงเวลานั้น',
} as const;
const TIMEOUTS = [
  { value: '1d', label: '1 วัน' },
  { value: '7d', label: '7 วัน' },
  { value: '30d', label: '30 วัน' },
] as const;
const EXCLUSIONS = [
  { value: '6m', label: '6 เดือน' },
  { value: '1y', label: '1 ปี' },
  { value: '5y', label: '5 ปี' },
  { value: 'permanent', label: 'ถาวร' },
] as const;

function LimitRow({ limit, coolingOffHours }: { limit: ProtectionLimit; coolingOffHours: number }) {
  const update = useProtectionUpdate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { pending, run } = useAction();
  const label = `${KIND_TITLE[limit.kind]}${PERIOD[limit.period]} (บาท)`;

  async function save(amount: number | null) {
    setError(undefined);
    await run(
      async () => {
        const r = await setLimit({ kind: limit.kind, period: limit.period, amount });
        update(r.state);
        setValue('');
        toast.success(
          r.effect === 'pending'
            ? `บันทึกแล้ว วงเงินใหม่จะมีผลเมื่อครบ ${coolingOffHours} ชั่วโมง`
            : r.effect === 'now'
              ? 'บันทึกวงเงินแล้ว มีผลทันที'
              : 'วงเงินนี้ใช้อยู่แล้ว',
          { duration: 3000 },
        );
      },
      (err) => setError(errorMessage(err)),
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d+$/.test(value) || Number(value) < 1) {
      setError('กรุณากรอกวงเงินเป็นจำนวนเต็มบาท อย่างน้อย 1 บาท');
      return;
    }
    void save(Number(value));
  }

  return (
    <li className="limit-row" data-testid={`limit-${limit.kind}-${limit.period}`}>
      <div className="limit-row__now">
        <strong>{PERIOD[limit.period]}</strong>
        <span>{limit.amount ? `${formatBaht(limit.amount)} บาท` : 'ไม่จำกัด'}</span>
        {limit.amount && (
          <small>
            ใช้ไป {formatBaht(limit.used)} บาท · เริ่มนับใหม่ {formatDateTime(limit.resets_at)}
          </small>
        )}
        {limit.pending_from && (
          <small className="limit-row__pending">
            รอมีผล: {limit.pending_amount ? `${formatBaht(limit.pending_amount)} บาท` : 'ยกเลิกวงเงิน'} เมื่อ{' '}
            {formatDateTime(limit.pending_from)}
          </small>
        )}
      </div>
      <form className="form form--inline" onSubmit={submit} noValidate>
        <Field
          label={label}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value.replace(/\D/g, '').slice(0, 9))}
          error={error}
          addon={
            <button type="submit" className="btn btn--outline field__addon" disabled={pending}>
              บันทึก
            </button>
          }
        />
        {limit.amount && !limit.pending_from && (
          <button type="button" className="btn btn--ghost" disabled={pending} onClick={() => void save(null)}>
            ยกเลิกวงเงิน{PERIOD[limit.period]}
          </button>
        )}
      </form>
    </li>
  );
}

function Limits({ state, kind }: { state: ProtectionState; kind: 'deposit' | 'loss' }) {
  return (
    <section className="panel" aria-labelledby={`limits-${kind}`}>
      <h2 className="panel__title" id={`limits-${kind}`}>
        {KIND_TITLE[kind]}
      </h2>
      <p className="panel__hint">
        {KIND_HINT[kind]} ลดวงเงินมีผลทันที เพิ่มหรือยกเลิกวงเงินมีผลเมื่อครบ {state.cooling_off_hours} ชั่วโมง
      </p>
      <ul className="limit-list">
        {state.limits
          .filter((l) => l.kind === kind)
          .map((l) => (
            <LimitRow key={`${l.kind}-${l.period}`} limit={l} coolingOffHours={state.cooling_off_hours} />
          ))}
      </ul>
    </section>
  );
}

function RealityCheckSetting({ state }: { state: ProtectionState }) {
  const update = useProtectionUpdate();
  const { pending, run } = useAction();
  function choose(minutes: 30 | 60 | null) {
    void run(async () => {
      update(await setRealityCheck(minutes));
      toast.success(minutes ? `จะแจ้งเตือนทุก ${minutes} นาที` : 'ปิดการแจ้งเตือนเวลาเล่นแล้ว', { duration: 3000 });
    }, toastError);
  }
  return (
    <section className="panel" aria-labelledby="reality-title">
      <h2 className="panel__title" id="reality-title">
        แจ้งเตือนเวลาเล่น
      </h2>
      <p className="panel__hint">ระหว่างเล่น ระบบจะแสดงเวลาที่เล่นไปแล้วและผลได้เสียตั้งแต่เข้าสู่ระบบ ตามรอบที่เลือก</p>
      <fieldset className="choice-row">
        <legend className="sr-only">รอบการแจ้งเตือน</legend>
        {([30, 60, null] as const).map((m) => (
          <label
            key={String(m)}
            className={`prot-chip${state.reality_check_minutes === m ? ' is-active' : ''}`}
          >
            <input
              type="radio"
              name="reality"
              className="sr-only"
              checked={state.reality_check_minutes === m}
              disabled={pending}
              onChange={() => void choose(m)}
            />
            {m ? `ทุก ${m} นาที` : 'ปิด'}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

/** After a time-out or self-exclusion every session has ended, this one too. */
function useLeave() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async (message: string) => {
    await logout();
    client.clear();
    navigate('/');
    toast.success(message, { duration: 5000 });
  };
}

function Blocks({ state }: { state: ProtectionState }) {
  const leave = useLeave();
  const [timeout, setTimeoutChoice] = useState<(typeof TIMEOUTS)[number] | null>(null);
  const [exclusion, setExclusion] = useState<(typeof EXCLUSIONS)[number]['value']>('6m');
  const [confirmText, setConfirmText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { pending, run } = useAction();

  async function confirmTimeout() {
    const choice = timeout;
    setTimeoutChoice(null);
    if (!choice) return;
    setError(null);
    try {
      await takeTimeout(choice.value);
      await leave(`เริ่มพักการเล่น ${choice.label} แล้ว ระบบออกจากระบบทุกอุปกรณ์`);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  function exclude(e: FormEvent) {
    e.preventDefault();
    setError(null);
    void run(
      async () => {
        await selfExclude({ duration: exclusion, confirm_text: confirmText });
        await leave('ระงับการเล่นด้วยตนเองแล้ว ระบบออกจากระบบทุกอุปกรณ์');
      },
      (err) => setError(errorMessage(err)),
    );
  }

  return (
    <>
      <section className="panel" aria-labelledby="timeout-title">
        <h2 className="panel__title" id="timeout-title">
          พักการเล่น
        </h2>
        <p className="panel__hint">
          ระหว่างพัก ฝากเงิน เล่นเกม แทงหวย และรับรางวัลไม่ได้ ถอนเงินได้ตามปกติ ยกเลิกก่อนครบกำหนดไม่ได้
        </p>
        <div className="choice-row">
          {TIMEOUTS.map((c) => (
            <button
              key={c.value}
              type="button"
              className="btn btn--outline"
              disabled={state.block?.kind === 'exclusion'}
              onClick={() => setTimeoutChoice(c)}
            >
              พัก {c.label}
            </button>
          ))}
        </div>
      </section>

      <section className="panel" aria-labelledby="exclusion-title">
        <h2 className="panel__title" id="exclusion-title">
          ระงับการเล่นด้วยตนเอง
        </h2>
        <p className="panel__hint">
          ปิดการเล่นและการฝากเงิน และหยุดส่งโปรโมชั่นถึงคุณตลอดช่วงที่เลือก คุณและเจ้าหน้าที่ยกเลิกก่อนครบกำหนดไม่ได้
          ระหว่างนี้เข้าสู่ระบบไม่ได้ ควรถอนเงินคงเหลือก่อนยืนยัน
          หลังจากนั้นติดต่อเจ้าหน้าที่เพื่อโอนเงินคงเหลือคืนเข้าบัญชีธนาคารที่ลงทะเบียนไว้
        </p>
        <form className="form" onSubmit={exclude} noValidate>
          <fieldset className="choice-row">
            <legend className="field__label">ระยะเวลา</legend>
            {EXCLUSIONS.map((c) => (
              <label key={c.value} className={`prot-chip${exclusion === c.value ? ' is-active' : ''}`}>
                <input
                  type="radio"
                  name="exclusion"
                  className="sr-only"
                  checked={exclusion === c.value}
                  onChange={() => setExclusion(c.value)}
                />
                {c.label}
              </label>
            ))}
          </fieldset>
          <Field
            label="พิมพ์คำว่า ยืนยัน เพื่อระงับบัญชี"
            autoComplete="off"
            value={confirmText}
            onChange={(e) => setConfirmText(e.target.value)}
          />
          <button type="submit" className="btn btn--primary" disabled={pending}>
            ระงับการเล่นด้วยตนเอง
          </button>
        </form>
      </section>
      <FormAlert message={error} />
      <ConfirmDialog
        open={timeout !== null}
        title="ยืนยันการพักการเล่น"
        text={`พักการเล่น ${timeout?.label ?? ''}: ระบบจะออกจากระบบทุกอุปกรณ์ทันที และยกเลิกก่อนครบกำหนดไม่ได้`}
        confirmText="ยืนยันพักการเล่น"
        cancelText="ยกเลิก"
        onConfirm={() => void confirmTimeout()}
        onCancel={() => setTimeoutChoice(null)}
      />
    </>
  );
}

function History() {
  const { data } = useProtectionHistory();
  if (!data) return null;
  return (
    <section className="panel protection-history" aria-labelledby="history-title">
      <h2 className="panel__title" id="history-title">
        ประวัติบัญชี 12 เดือน
      </h2>
      {/* Wider than a phone: it scrolls in its own box, which the keyboard can reach. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard */}
      <section className="table-scroll" tabIndex={0} aria-label="ตารางประวัติบัญชี 12 เดือน">
        <table className="data-table">
          <caption className="sr-only">ยอดฝาก ถอน และผลได้เสียรายเดือน</caption>
          <thead>
            <tr>
              <th scope="col">เดือน</th>
              <th scope="col">ฝาก</th>
              <th scope="col">ถอน</th>
              <th scope="col">ฝากสุทธิ</th>
              <th scope="col">เดิมพัน</th>
              <th scope="col">ได้คืน</th>
              <th scope="col">ผลได้เสีย</th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.month}</th>
                <td>{formatBaht(m.deposits)}</td>
                <td>{formatBaht(m.withdrawals)}</td>
                <td className={m.net_deposits.startsWith('-') ? 'is-negative' : undefined}>
                  {formatBaht(m.net_deposits)}
                </td>
                <td>{formatBaht(m.stakes)}</td>
                <td>{formatBaht(m.returns)}</td>
                <td className={m.net.startsWith('-') ? 'is-negative' : undefined}>{formatBaht(m.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <h3 className="panel__subtitle">การเปลี่ยนแปลงการตั้งค่า</h3>
      {data.changes.length === 0 ? (
        <p className="panel__hint">ยังไม่มีการเปลี่ยนแปลง</p>
      ) : (
        <ul className="change-list" data-testid="protection-changes">
          {data.changes.map((c) => (
            <li key={`${c.at}-${c.action}-${c.description}`}>
              <time dateTime={c.at}>{formatDateTime(c.at)}</time> {c.description}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Player protection (docs/rules/protection.md): the member's own limits and breaks. */
export default function Protection() {
  const { data: loaded, error, isLoading } = useProtection();
  const loading = useMinimumPending(isLoading);
  const state = loading ? undefined : loaded;
  return (
    <div className="container member-page protection-page">
      <h1 className="page-title">เล่นอย่างรับผิดชอบ</h1>
      {!loading && error && <FormAlert message={errorMessage(error)} />}
      {loading && <p aria-busy="true">กำลังโหลด…</p>}
      {state && (
        <>
          {state.block && (
            <p className="protection-banner" role="status" data-testid="protection-block">
              {state.block.kind === 'timeout' ? 'พักการเล่นถึง ' : 'ระงับการเล่นด้วยตนเอง '}
              {state.block.until ? formatDateTime(state.block.until) : 'แบบถาวร'}
            </p>
          )}
          <div className="page-grid">
            <Limits state={state} kind="deposit" />
            <Limits state={state} kind="loss" />
            <RealityCheckSetting state={state} />
            <Blocks state={state} />
          </div>
          <History />
        </>
      )}
    </div>
  );
}
