import { MAIN_WALLET_TYPE } from '@chok/contract/api/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useAction } from '../../lib/action';
import { ApiError, errorMessage } from '../../lib/api';
import { formatBaht, formatSatang, type Satang } from '../../lib/money';
import { formatNumber } from '../../lib/numbers';
import { toast } from '../../lib/toast';
import { walletsKey } from '../../lib/wallets';
import { type BillCreated, createBill, type RoundRates, useLottoWallets, validateBill } from './api';
import type { Line } from './BetPad';
import { betLabel } from './labels';

interface Props {
  open: boolean;
  onClose: () => void;
  roundId: number;
  lines: Line[];
  setLines: (lines: Line[]) => void;
  rates: RoundRates['rates'];
  onBought: (bill: BillCreated) => void;
}

const toSatang = (baht: number) => Math.round(baht * 100);
const money = (satang: number) => formatSatang(Math.round(satang) as Satang);

/** The lottery dialog: bill lines (number, rate, amount, remove), the rate box, the error box, totals, wallet. */
export function BillDialog({ open, onClose, roundId, lines, setLines, rates, onBought }: Props) {
  const qc = useQueryClient();
  const wallets = useLottoWallets(open);
  const eligible = (wallets.data ?? []).filter(
    (w) => Number(w.balance) > 0 || w.wallet_type_id === MAIN_WALLET_TYPE,
  );
  const [walletId, setWalletId] = useState<number | null>(null);
  const [same, setSame] = useState('');
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [warnings, setWarnings] = useState<Record<number, string>>({});
  const [checkedRates, setCheckedRates] = useState<Record<number, string>>({});
  const [error, setError] = useState('');
  const { pending, run } = useAction();
  const [key, setKey] = useState(() => crypto.randomUUID());

  useEffect(() => {
    if (walletId === null && eligible.length > 0) setWalletId(eligible[0]!.wallet_type_id);
  }, [eligible, walletId]);
  // Any edit is a new bill: a fresh idempotency key, stale line messages cleared.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the lines change
  useEffect(() => {
    setKey(crypto.randomUUID());
    setLineErrors({});
    setWarnings({});
    setCheckedRates({});
  }, [lines]);

  const rateOf = (t: string) => rates.find((r) => r.bet_type === t)?.rate ?? '0.00';
  const total = lines.reduce((s, l) => s + toSatang(Number(l.amount) || 0), 0);
  const potential = lines.reduce(
    (s, l) => s + Math.round((Number(l.amount) || 0) * Number(rateOf(l.bet_type)) * 100),
    0,
  );
  const usedTypes = [...new Set(lines.map((l) => l.bet_type))];

  const setAmount = (i: number, amount: string) =>
    setLines(lines.map((l, j) => (j === i ? { ...l, amount: amount.replace(/\D/g, '').slice(0, 6) } : l)));

  const submit = async () => {
    setError('');
    if (lines.some((l) => !(Number(l.amount) > 0))) {
      setError('กรุณาใส่ราคาให้ครบทุกรายการ');
      return;
    }
    if (walletId === null) {
      setError('กรุณาเลือกกระเป๋าเงิน');
      return;
    }
    const payload = {
      round_id: roundId,
      wallet_id: walletId,
      idempotency_key: key,
      items: lines.map((l) => ({ bet_type: l.bet_type, number: l.number, amount: Number(l.amount) })),
    };
    await run(
      async () => {
        const check = await validateBill(payload);
        const errs: Record<number, string> = {};
        const warns: Record<number, string> = {};
        const effective: Record<number, string> = {};
        check.items.forEach((it, i) => {
          effective[i] = it.rate;
          const blocking = it.problems.find((p) => !p.warning);
          const warning = it.problems.find((p) => p.warning);
          if (blocking) errs[i] = blocking.message;
          if (warning) warns[i] = warning.message;
        });
        setLineErrors(errs);
        setWarnings(warns);
        setCheckedRates(effective);
        if (!check.ok) {
          setError(check.problems[0]?.message ?? 'มีรายการที่แทงไม่ได้ กรุณาแก้ไขรายการที่แสดงข้อความสีแดง');
          return;
        }
        const bill = await createBill(payload);
        toast.success(`ส่งโพยเรียบร้อย ยอดแทง ${formatBaht(bill.bill.total_amount)} บาท`, { duration: 3000 });
        void qc.invalidateQueries({ queryKey: walletsKey });
        void qc.invalidateQueries({ queryKey: ['lotto'] });
        onBought(bill);
      },
      (err) => {
        // Server rejections land on the line they concern (fields `items.<index>`).
        if (err instanceof ApiError) {
          const errs: Record<number, string> = {};
          for (const [k, v] of Object.entries(err.fields)) {
            const m = /^items\.(\d+)$/.exec(k);
            if (m) errs[Number(m[1])] = v;
          }
          setLineErrors(errs);
        }
        setError(errorMessage(err));
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      width={800}
      title={`โพยหวย (${lines.length} รายการ)`}
      className="bill-dialog"
      testId="bill-dialog"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            เลือกเลขเพิ่ม
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={pending || lines.length === 0}
            onClick={submit}
          >
            {pending ? 'กำลังส่งโพย…' : 'ยืนยันส่งโพย'}
          </button>
        </>
      }
    >
      {usedTypes.length > 0 && (
        <div className="rate-box">
          {usedTypes.map((t) => (
            <span key={t} className="rate-box__item">
              {betLabel(t)} <strong>บาทละ {formatNumber(Number(rateOf(t)))}</strong>
            </span>
          ))}
        </div>
      )}
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      <div className="same-amount">
        <label htmlFor="same-amount">ราคาเท่ากัน</label>
        <input
          id="same-amount"
          className="field__input"
          inputMode="numeric"
          placeholder="บาท"
          value={same}
          onChange={(e) => setSame(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <button
          type="button"
          className="btn btn--outline btn--sm"
          disabled={!same}
          onClick={() => setLines(lines.map((l) => ({ ...l, amount: same })))}
        >
          ใช้กับทุกรายการ
        </button>
      </div>
      {lines.length === 0 ? (
        <p className="empty-text">ยังไม่มีเลขในโพย</p>
      ) : (
        <ul className="bill-lines" data-testid="bill-lines">
          {lines.map((l, i) => (
            <li key={`${l.bet_type}-${l.number}`} className={`bill-line${lineErrors[i] ? ' has-error' : ''}`}>
              <span className="bill-line__type">{betLabel(l.bet_type)}</span>
              <span className="bill-line__number">{l.number}</span>
              <span className="bill-line__rate">
                x{formatNumber(Number(checkedRates[i] ?? rateOf(l.bet_type)))}
              </span>
              <input
                className="field__input bill-line__amount"
                inputMode="numeric"
                aria-label={`ราคา ${betLabel(l.bet_type)} ${l.number}`}
                placeholder="บาท"
                value={l.amount}
                onChange={(e) => setAmount(i, e.target.value)}
              />
              <span className="bill-line__win">
                {Number(l.amount) > 0
                  ? money(Math.round(Number(l.amount) * Number(checkedRates[i] ?? rateOf(l.bet_type)) * 100))
                  : '-'}
              </span>
              <button
                type="button"
                className="icon-btn bill-line__remove"
                aria-label={`ลบ ${betLabel(l.bet_type)} ${l.number}`}
                onClick={() => setLines(lines.filter((_, j) => j !== i))}
              >
                ×
              </button>
              {(lineErrors[i] || warnings[i]) && (
                <span
                  className={`bill-line__msg${lineErrors[i] ? ' is-error' : ''}`}
                  role={lineErrors[i] ? 'alert' : undefined}
                >
                  {lineErrors[i] ?? warnings[i]}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="bill-summary">
        <fieldset className="wallet-pick">
          <legend className="wallet-pick__legend">กรุณาเลือกกระเป๋าเงิน</legend>
          {eligible.map((w) => (
            <label
              key={w.id}
              className={`wallet-pick__item${walletId === w.wallet_type_id ? ' is-active' : ''}`}
            >
              <input
                type="radio"
                name="lotto-wallet"
                checked={walletId === w.wallet_type_id}
                onChange={() => setWalletId(w.wallet_type_id)}
              />
              <span>{w.wallet_name}</span>
              <small>คงเหลือ {formatBaht(w.balance)} บาท</small>
            </label>
          ))}
        </fieldset>
        <dl className="bill-totals">
          <div>
            <dt>ยอดแทงรวม</dt>
            <dd data-testid="bill-total">{money(total)} บาท</dd>
          </div>
          <div>
            <dt>ชนะสูงสุด</dt>
            <dd className="is-gold">{money(potential)} บาท</dd>
          </div>
        </dl>
      </div>
    </Dialog>
  );
}
