import * as adminLotto from '@chok/contract/routes/admin-lotto';
import * as lotto from '@chok/contract/routes/lotto';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { call, errorMessage, fieldErrors } from '../../lib/api';
import { formatBaht } from '../../lib/format';
import { useApi } from '../../lib/query';
import { BetTypeOptions } from './BetTypeOptions';
import type { RoundDetail } from './labels';
import { BET_TYPES, type BetType, betTypeLabel, limitLabel } from './labels';

type Action = 'closed' | 'reduced_rate' | 'capped';

/** เลขอั้น of a round (docs/rules/lottery.md §4): closed, reduced rate or capped numbers. */
export function LimitsPanel({ round: r }: { round: RoundDetail }) {
  const id = useId();
  const client = useQueryClient();
  const list = useApi(adminLotto.adminNumberLimits, { id: r.round_id });
  const types = BET_TYPES.filter((t) => r.rates[t]?.enabled);
  const [betType, setBetType] = useState<BetType>(types[0] ?? 'two_top');
  const [number, setNumber] = useState('');
  const [action, setAction] = useState<Action>('closed');
  const [rate, setRate] = useState('');
  const [cap, setCap] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => client.invalidateQueries({ queryKey: ['api', adminLotto.adminNumberLimits.path] });

  const send = (body: {
    bet_type: BetType;
    number: string;
    action: Action | 'none';
    rate?: string;
    cap?: number;
  }) => call(lotto.adminNumberLimit, { id: r.round_id, ...body });

  const add = async () => {
    setErrors({});
    const body = {
      bet_type: betType,
      number,
      action,
      ...(action === 'reduced_rate' && rate ? { rate: /\./.test(rate) ? rate : `${rate}.00` } : {}),
      ...(action === 'capped' ? { cap: Number(cap) } : {}),
    };
    const answer = await confirm({
      title: 'ตั้งเลขอั้น',
      message: `${betTypeLabel[betType]} เลข ${number}: ${limitLabel[action]}${action === 'reduced_rate' ? ` บาทละ ${rate || 'ครึ่งหนึ่งของอัตรางวด'}` : ''}${action === 'capped' ? ` รับได้ไม่เกิน ${cap} บาท` : ''}`,
      confirmLabel: 'บันทึก',
      action: () =>
        send(body).catch((err) => {
          setErrors(fieldErrors(err));
          throw err;
        }),
      success: 'บันทึกเลขอั้นแล้ว',
    });
    if (answer) {
      setNumber('');
      await refresh();
    }
  };

  const remove = async (l: { bet_type: BetType; number: string; label: string }) => {
    const answer = await confirm({
      title: 'ยกเลิกเลขอั้น',
      message: `${l.label} เลข ${l.number} กลับมารับแทงตามปกติ`,
      confirmLabel: 'ยกเลิกเลขอั้น',
      tone: 'danger',
      action: () => send({ bet_type: l.bet_type, number: l.number, action: 'none' }),
      success: 'ยกเลิกเลขอั้นแล้ว',
    });
    if (answer) await refresh();
  };

  return (
    <>
      <section className="table-block" aria-labelledby={`${id}-add`}>
        <h2 id={`${id}-add`}>ตั้งเลขอั้น</h2>
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-type`}>ประเภท</label>
            <select id={`${id}-type`} value={betType} onChange={(e) => setBetType(e.target.value as BetType)}>
              <BetTypeOptions types={types} />
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-number`}>เลข</label>
            <input
              id={`${id}-number`}
              inputMode="numeric"
              value={number}
              required
              aria-invalid={errors.number ? true : undefined}
              onChange={(e) => setNumber(e.target.value.replace(/\D/g, '').slice(0, 3))}
            />
            {errors.number && <span className="field-error">{errors.number}</span>}
          </div>
          <div className="field">
            <label htmlFor={`${id}-action`}>การอั้น</label>
            <select id={`${id}-action`} value={action} onChange={(e) => setAction(e.target.value as Action)}>
              <option value="closed">ปิดรับ</option>
              <option value="reduced_rate">จ่ายลด</option>
              <option value="capped">จำกัดยอดรับ</option>
            </select>
          </div>
          {action === 'reduced_rate' && (
            <div className="field">
              <label htmlFor={`${id}-rate`}>บาทละ (เว้นว่าง = ครึ่งหนึ่ง)</label>
              <input
                id={`${id}-rate`}
                inputMode="decimal"
                value={rate}
                onChange={(e) => setRate(e.target.value)}
              />
            </div>
          )}
          {action === 'capped' && (
            <div className="field">
              <label htmlFor={`${id}-cap`}>รับได้ไม่เกิน (บาท)</label>
              <input
                id={`${id}-cap`}
                inputMode="numeric"
                value={cap}
                required
                onChange={(e) => setCap(e.target.value.replace(/\D/g, ''))}
              />
            </div>
          )}
          <button type="submit" className="btn btn-primary" disabled={!number}>
            บันทึกเลขอั้น
          </button>
        </form>
      </section>
      <section className="table-block" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>เลขอั้นของงวดนี้</h2>
        {list.error && <p className="form-error">{errorMessage(list.error)}</p>}
        {list.data && list.data.items.length === 0 && <p className="empty">ยังไม่มีเลขอั้น</p>}
        {list.data && list.data.items.length > 0 && (
          <div className="table-scroll">
            <table className="table">
              <caption className="visually-hidden">เลขอั้นของงวดนี้</caption>
              <thead>
                <tr>
                  <th scope="col">ประเภท</th>
                  <th scope="col">เลข</th>
                  <th scope="col">การอั้น</th>
                  <th scope="col">บาทละ</th>
                  <th scope="col" className="num">
                    รับแล้ว
                  </th>
                  <th scope="col" className="num">
                    รับได้อีก
                  </th>
                  <th scope="col">จัดการ</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((l) => (
                  <tr key={`${l.bet_type}:${l.number}`}>
                    <td>{l.label}</td>
                    <td className="digits">{l.number}</td>
                    <td>
                      {limitLabel[l.action]}
                      {l.cap !== null && ` ${formatBaht(l.cap)}`}
                    </td>
                    <td>{l.rate ?? '-'}</td>
                    <td className="num">{formatBaht(l.accepted)}</td>
                    <td className="num">{formatBaht(l.remaining)}</td>
                    <td>
                      <button type="button" className="btn btn-small" onClick={() => void remove(l)}>
                        ยกเลิก
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
