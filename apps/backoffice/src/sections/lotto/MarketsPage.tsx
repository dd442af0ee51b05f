import * as adminLotto from '@chok/contract/routes/admin-lotto';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { ApiError, call, type Data } from '../../lib/api';
import { ruleLabel, weekdayLabels } from './labels';
import { type RateChanges, RateTableForm } from './RateTableForm';
import './lotto.css';

type Market = Data<typeof adminLotto.adminMarkets>['items'][number];
type Schedule = Record<string, unknown>;

/** A schedule in one Thai line. */
export function scheduleLine(s: Schedule): string {
  if (s.type === 'monthly')
    return `วันที่ ${(s.dates as number[]).join(', ')} ของเดือน ปิดรับ ${s.close} น. ออกผล ${s.result} น.`;
  if (s.type === 'weekly')
    return `${(s.weekdays as number[]).map((d) => weekdayLabels[d]).join(' ')} ปิดรับ ${s.close} น. ออกผล ${s.result} น.${s.close_day_offset ? ' (วันถัดไป)' : ''}`;
  return `${s.rounds} รอบต่อวัน ทุก ${s.interval_minutes} นาที รอบแรกปิด ${s.first_close} น. เปิดรับ ${s.open} น.`;
}

/** Markets and their schedules, on/off and rates per bet type (docs/rules/lottery.md §3, §5). */
export default function MarketsPage() {
  const [editing, setEditing] = useState<Market | null>(null);
  return (
    <>
      <h1>ตลาดและตารางเวลา</h1>
      <p className="hint">
        การแก้ไขมีผลกับงวดที่ยังไม่เปิดรับแทง (ที่ไม่ได้ตั้งราคาพิเศษ) และงวดที่สร้างต่อจากนี้ งวดที่เปิดรับแทงแล้วใช้อัตราเดิม
        ตั้งราคาเฉพาะงวดได้ที่หน้าจัดการงวด
      </p>
      <DataTable
        route={adminLotto.adminMarkets}
        caption="ตลาดหวย"
        rowKey={(m) => m.market_id}
        columns={[
          { key: 'name', header: 'ตลาด' },
          {
            key: 'derive_rule',
            header: 'วิธีออกผล',
            cell: (m) => ruleLabel[m.derive_rule],
            csv: (m) => ruleLabel[m.derive_rule],
          },
          {
            key: 'schedule',
            header: 'ตารางเวลา',
            cell: (m) => scheduleLine(m.schedule),
            csv: (m) => scheduleLine(m.schedule),
          },
          {
            key: 'is_active',
            header: 'สถานะ',
            cell: (m) =>
              m.is_active ? <span className="badge badge-ok">เปิด</span> : <span className="badge">ปิด</span>,
            csv: (m) => (m.is_active ? 'เปิด' : 'ปิด'),
          },
          {
            key: 'rates',
            header: '2 ตัวบน / 3 ตัวบน',
            cell: (m) => `${m.rates.two_top?.rate ?? '-'} / ${m.rates.three_top?.rate ?? '-'}`,
            csv: (m) => `${m.rates.two_top?.rate ?? '-'} / ${m.rates.three_top?.rate ?? '-'}`,
          },
          {
            key: 'actions',
            header: 'จัดการ',
            cell: (m) => (
              <button type="button" className="btn btn-small" onClick={() => setEditing(m)}>
                แก้ไข {m.name}
              </button>
            ),
            csv: () => '',
          },
        ]}
      />
      {editing && <MarketEditor key={editing.market_id} market={editing} onDone={(m) => setEditing(m)} />}
    </>
  );
}

function MarketEditor({ market, onDone }: { market: Market; onDone: (m: Market | null) => void }) {
  const id = useId();
  const client = useQueryClient();
  const s = market.schedule as Schedule;
  const [name, setName] = useState(market.name);
  const [active, setActive] = useState(market.is_active);
  const [refund, setRefund] = useState(market.auto_refund_no_result);
  const [cancelMin, setCancelMin] = useState(String(market.cancel_before_minutes));
  const [close, setClose] = useState(String(s.close ?? s.first_close ?? ''));
  const [result, setResult] = useState(String(s.result ?? ''));
  const [days, setDays] = useState<number[]>((s.weekdays ?? s.dates ?? []) as number[]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rateErrors, setRateErrors] = useState<Record<string, string>>({});

  const schedule = (): Schedule => {
    if (s.type === 'yeekee') return { ...s, first_close: close };
    if (s.type === 'weekly') return { ...s, weekdays: [...days].sort(), close, result };
    return { ...s, dates: [...days].sort((a, b) => a - b), close, result };
  };

  const submit = async (
    body: Record<string, unknown>,
    what: string,
    onError: (f: Record<string, string>) => void,
  ) => {
    const answer = await confirm({
      title: `แก้ไขตลาด ${market.name}`,
      message: what,
      confirmLabel: 'บันทึก',
      fields: [{ name: 'reason', label: 'เหตุผล (ถ้ามี)', type: 'textarea' }],
      action: (v) =>
        call(adminLotto.adminUpdateMarket, {
          id: market.market_id,
          ...body,
          ...(v.reason ? { reason: v.reason } : {}),
        }).catch((err) => {
          if (err instanceof ApiError) onError(err.fields);
          throw err;
        }),
      success: (m) =>
        `บันทึกแล้ว${m.scheduled_rounds_updated > 0 ? ` ปรับงวดที่ยังไม่เปิด ${m.scheduled_rounds_updated} งวด` : ''}`,
    });
    if (answer) {
      await client.invalidateQueries({ queryKey: ['api', adminLotto.adminMarkets.path] });
      const { scheduled_rounds_updated: _n, ...m } = answer.result;
      onDone(m as Market);
    }
  };

  const allDays =
    s.type === 'weekly'
      ? [0, 1, 2, 3, 4, 5, 6]
      : s.type === 'monthly'
        ? Array.from({ length: 31 }, (_, i) => i + 1)
        : [];
  return (
    <>
      <section className="table-block" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>แก้ไขตลาด {market.name}</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setErrors({});
            void submit(
              {
                name,
                is_active: active,
                auto_refund_no_result: refund,
                cancel_before_minutes: Number(cancelMin),
                schedule: schedule(),
              },
              `${active ? 'เปิด' : 'ปิด'}ตลาด · ${scheduleLine(schedule())}`,
              setErrors,
            );
          }}
        >
          <div className="filters">
            <div className="field">
              <label htmlFor={`${id}-name`}>ชื่อตลาด</label>
              <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-close`}>{s.type === 'yeekee' ? 'รอบแรกปิดรับ' : 'ปิดรับ'} (ชช:นน)</label>
              <input
                id={`${id}-close`}
                value={close}
                onChange={(e) => setClose(e.target.value)}
                aria-invalid={errors['schedule.close'] ? true : undefined}
              />
              {errors['schedule.close'] && <span className="field-error">{errors['schedule.close']}</span>}
            </div>
            {s.type !== 'yeekee' && (
              <div className="field">
                <label htmlFor={`${id}-result`}>ออกผล (ชช:นน)</label>
                <input
                  id={`${id}-result`}
                  value={result}
                  onChange={(e) => setResult(e.target.value)}
                  aria-invalid={errors['schedule.result'] ? true : undefined}
                />
                {errors['schedule.result'] && (
                  <span className="field-error">{errors['schedule.result']}</span>
                )}
              </div>
            )}
            <div className="field">
              <label htmlFor={`${id}-cancel`}>ยกเลิกโพยได้ก่อนปิด (นาที)</label>
              <input
                id={`${id}-cancel`}
                inputMode="numeric"
                value={cancelMin}
                onChange={(e) => setCancelMin(e.target.value.replace(/\D/g, ''))}
              />
            </div>
          </div>
          {allDays.length > 0 && (
            <fieldset className="day-picker">
              <legend>{s.type === 'weekly' ? 'วันที่เปิดรับ' : 'วันที่ออกรางวัลของเดือน'}</legend>
              {allDays.map((d) => (
                <label key={d}>
                  <input
                    type="checkbox"
                    checked={days.includes(d)}
                    onChange={(e) => setDays(e.target.checked ? [...days, d] : days.filter((x) => x !== d))}
                  />{' '}
                  {s.type === 'weekly' ? weekdayLabels[d] : d}
                </label>
              ))}
            </fieldset>
          )}
          <div className="row">
            <label className="check">
              <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />{' '}
              เปิดให้แทง
            </label>
            <label className="check">
              <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} />{' '}
              คืนเงินอัตโนมัติเมื่อไม่มีผลภายใน 1 ชั่วโมง
            </label>
          </div>
          <div className="row">
            <button type="submit" className="btn btn-primary">
              บันทึกตลาด
            </button>
            <button type="button" className="btn" onClick={() => onDone(null)}>
              ปิด
            </button>
          </div>
        </form>
      </section>
      <section className="table-block" aria-labelledby={`${id}-rates`}>
        <h2 id={`${id}-rates`}>อัตราจ่ายของตลาด</h2>
        <RateTableForm
          key={JSON.stringify(market.rates)}
          rates={market.rates}
          errors={rateErrors}
          saveLabel="บันทึกอัตราจ่าย"
          onSave={(changes: RateChanges) => {
            setRateErrors({});
            void submit({ rates: changes }, 'บันทึกอัตราจ่ายใหม่ของตลาด งวดที่เปิดรับแทงแล้วใช้อัตราเดิม', setRateErrors);
          }}
        />
      </section>
    </>
  );
}
